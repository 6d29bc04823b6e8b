import { apiHandler } from '@/lib/api';
import { changeServiceHandler, readServiceHandler, retireServiceHandler } from '@/lib/menu/handlers';

type Params = { id: string };

export const GET = apiHandler<Params>((request, { params }) => readServiceHandler(request, params));
export const PATCH = apiHandler<Params>((request, { params }) => changeServiceHandler(request, params));
export const DELETE = apiHandler<Params>((request, { params }) => retireServiceHandler(request, params));
