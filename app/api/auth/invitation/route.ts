import { apiHandler } from '@/lib/api';
import { acceptInvitationHandler } from '@/lib/team/staff-handlers';

export const POST = apiHandler((request) => acceptInvitationHandler(request));
