import { apiHandler } from '@/lib/api';
import { leaveWaitlistHandler } from '@/lib/booking/waitlist-handlers';

type Params = { entryId: string };

export const DELETE = apiHandler<Params>((request, { params }) => leaveWaitlistHandler(request, params));
