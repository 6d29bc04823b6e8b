import { apiHandler } from '@/lib/api';
import { createNewsHandler, listNewsHandler } from '@/lib/marketing/promotion-handlers';

export const GET = apiHandler((request) => listNewsHandler(request));
export const POST = apiHandler((request) => createNewsHandler(request));
