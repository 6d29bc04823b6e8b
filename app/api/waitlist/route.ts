import { apiHandler } from '@/lib/api';
import { joinWaitlistHandler, listWaitlistHandler } from '@/lib/booking/waitlist-handlers';

export const GET = apiHandler((request) => listWaitlistHandler(request));
export const POST = apiHandler((request) => joinWaitlistHandler(request));
