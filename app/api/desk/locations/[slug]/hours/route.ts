import { apiHandler } from '@/lib/api';
import { readHoursHandler, saveHoursHandler } from '@/lib/desk/hours-handlers';

type Params = { slug: string };

export const GET = apiHandler<Params>((request, { params }) => readHoursHandler(request, params));
export const PUT = apiHandler<Params>((request, { params }) => saveHoursHandler(request, params));
