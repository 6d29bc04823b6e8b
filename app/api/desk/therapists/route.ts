import { apiHandler } from '@/lib/api';
import { createTherapistHandler, therapistsHandler } from '@/lib/team/therapist-handlers';

export const GET = apiHandler((request) => therapistsHandler(request));
export const POST = apiHandler((request) => createTherapistHandler(request));
