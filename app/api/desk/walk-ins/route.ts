import { apiHandler } from '@/lib/api';
import { walkInHandler } from '@/lib/desk/walk-in';

export const POST = apiHandler((request) => walkInHandler(request));
