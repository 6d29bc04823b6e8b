import { apiHandler } from '@/lib/api';
import { removeWaitlistEntryHandler } from '@/lib/desk/waitlist-handlers';

type Params = { entryId: string };

export const DELETE = apiHandler<Params>((request, { params }) => removeWaitlistEntryHandler(request, params));
