import { apiHandler } from '@/lib/api';
import { changeTherapistHandler, retireTherapistHandler } from '@/lib/team/therapist-handlers';

type Params = { id: string };

export const PATCH = apiHandler<Params>((request, { params }) => changeTherapistHandler(request, params));
export const DELETE = apiHandler<Params>((request, { params }) => retireTherapistHandler(request, params));
