import { apiHandler } from '@/lib/api';
import { createAppointment, listAppointments } from '@/lib/booking/handlers';

type Params = { customerId: string };

export const GET = apiHandler<Params>((request, { params }) => listAppointments(request, params));
export const POST = apiHandler<Params>((request, { params }) => createAppointment(request, params));
