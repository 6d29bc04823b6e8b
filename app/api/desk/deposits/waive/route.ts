import { waiveFeeHandler } from '@/lib/deposits/handlers';

/** Staff waive a visit's kept fee: the deposit becomes the customer's account credit. */
export const POST = waiveFeeHandler;
