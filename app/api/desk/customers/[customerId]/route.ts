import { apiHandler } from '@/lib/api';
import { editCustomerHandler } from '@/lib/desk/customer-handlers';

type Params = { customerId: string };

export const POST = apiHandler<Params>((request, { params }) => editCustomerHandler(request, params));
