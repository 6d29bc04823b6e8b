import { apiHandler } from '@/lib/api';
import { activityHandler } from '@/lib/activity/handlers';

export const GET = apiHandler((request) => activityHandler(request));
