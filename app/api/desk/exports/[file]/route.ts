import { apiHandler } from '@/lib/api';
import { exportHandler } from '@/lib/reports/export-handlers';

export const GET = apiHandler<{ file: string }>((request, { params }) => exportHandler(request, params.file));
