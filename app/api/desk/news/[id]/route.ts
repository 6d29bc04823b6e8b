import { apiHandler } from '@/lib/api';
import { deleteNewsHandler, patchNewsHandler } from '@/lib/marketing/promotion-handlers';

type Params = { id: string };

export const PATCH = apiHandler<Params>((request, { params }) => patchNewsHandler(request, params));
export const DELETE = apiHandler<Params>((request, { params }) => deleteNewsHandler(request, params));
