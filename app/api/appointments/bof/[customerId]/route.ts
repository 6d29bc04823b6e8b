import { apiHandler } from '@/lib/api';
import { createBackOfficeAppointment } from '@/lib/booking/handlers';

type Params = { customerId: string };

export const POST = apiHandler<Params>((request, { params }) => createBackOfficeAppointment(request, params));
