import { handleGiftCardAmountsRead, handleGiftCardAmountsWrite } from '@/lib/gift-cards/handlers';

/** The owner's gift-card amounts. */
export const GET = handleGiftCardAmountsRead;
export const PUT = handleGiftCardAmountsWrite;
