import { apiHandler } from '@/lib/api';
import { deskServicesHandler } from '@/lib/desk/desk-booking-services';

type Params = { location: string };

export const GET = apiHandler<Params>((request, { params }) => deskServicesHandler(request, params));
