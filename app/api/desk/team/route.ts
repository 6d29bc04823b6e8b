import { apiHandler } from '@/lib/api';
import { inviteHandler, teamHandler, teamPatchHandler } from '@/lib/team/staff-handlers';

export const GET = apiHandler((request) => teamHandler(request));
export const POST = apiHandler((request) => inviteHandler(request));
export const PATCH = apiHandler((request) => teamPatchHandler(request));
