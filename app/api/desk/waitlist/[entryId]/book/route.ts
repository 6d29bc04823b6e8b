import { apiHandler } from '@/lib/api';
import { bookWaitlistEntryHandler } from '@/lib/desk/waitlist-handlers';

type Params = { entryId: string };

export const POST = apiHandler<Params>((request, { params }) => bookWaitlistEntryHandler(request, params));
