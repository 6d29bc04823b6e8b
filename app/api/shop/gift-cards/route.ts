import { handleGiftCardCheckout } from '@/lib/gift-cards/handlers';

/** A gift card's checkout: the amount and the buyer's address in, the shop's checkout address out. */
export const POST = handleGiftCardCheckout;
