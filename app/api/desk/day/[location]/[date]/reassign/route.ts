import { apiHandler } from '@/lib/api';
import { deskReassignAll } from '@/lib/desk/to-resolve-handlers';

type Params = { location: string; date: string };

export const POST = apiHandler<Params>((request, { params }) => deskReassignAll(request, params));
