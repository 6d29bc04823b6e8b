import { apiHandler } from '@/lib/api';
import { createServiceHandler, listServicesHandler } from '@/lib/menu/handlers';

export const GET = apiHandler((request) => listServicesHandler(request));
export const POST = apiHandler((request) => createServiceHandler(request));
