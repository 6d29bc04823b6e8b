import { apiHandler } from '@/lib/api';
import { deskDay } from '@/lib/desk/handlers';

type Params = { location: string; date: string };

export const GET = apiHandler<Params>((request, { params }) => deskDay(request, params));
