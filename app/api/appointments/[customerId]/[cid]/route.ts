import { apiHandler } from '@/lib/api';
import { readAppointment, updateAppointment } from '@/lib/booking/handlers';

type Params = { customerId: string; cid: string };

export const GET = apiHandler<Params>((request, { params }) => readAppointment(request, params));
export const PUT = apiHandler<Params>((request, { params }) => updateAppointment(request, params));
