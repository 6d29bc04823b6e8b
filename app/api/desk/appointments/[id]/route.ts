import { apiHandler } from '@/lib/api';
import { deskChangeVisit } from '@/lib/desk/handlers';

type Params = { id: string };

export const PATCH = apiHandler<Params>((request, { params }) => deskChangeVisit(request, params));
