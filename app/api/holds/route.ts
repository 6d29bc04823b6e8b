export { placeHoldsHandler as POST, releaseHoldsHandler as DELETE } from '@/lib/booking/hold-handlers';
