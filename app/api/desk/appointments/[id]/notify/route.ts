import { apiHandler } from '@/lib/api';
import { deskNotifyCustomer } from '@/lib/desk/to-resolve-handlers';

type Params = { id: string };

export const POST = apiHandler<Params>((request, { params }) => deskNotifyCustomer(request, params));
