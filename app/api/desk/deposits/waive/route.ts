import { handleWaiveFee } from '@/lib/deposits/fee-handlers';

/** Staff waive a visit's kept fee: the deposit becomes the customer's account credit. */
export const POST = handleWaiveFee;
