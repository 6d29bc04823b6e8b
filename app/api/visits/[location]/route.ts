import { visitTimesHandler } from '@/lib/booking/visit-handlers';

export const GET = visitTimesHandler;
