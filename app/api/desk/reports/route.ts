import { apiHandler } from '@/lib/api';
import { reportHandler } from '@/lib/reports/handlers';

export const GET = apiHandler((request) => reportHandler(request));
