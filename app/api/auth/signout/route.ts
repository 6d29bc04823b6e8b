import { signOutHandler } from '@/lib/auth/handlers';

export const POST = signOutHandler;
