import { apiHandler } from '@/lib/api';
import { createCustomerHandler, searchCustomersHandler } from '@/lib/desk/customer-handlers';

export const GET = apiHandler((request) => searchCustomersHandler(request));
export const POST = apiHandler((request) => createCustomerHandler(request));
