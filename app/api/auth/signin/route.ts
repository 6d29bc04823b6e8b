export { signInHandler as POST } from '@/lib/auth/handlers';
