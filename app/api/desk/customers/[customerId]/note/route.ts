import { apiHandler } from '@/lib/api';
import { saveNoteHandler } from '@/lib/desk/customer-handlers';

type Params = { customerId: string };

export const POST = apiHandler<Params>((request, { params }) => saveNoteHandler(request, params));
