export { resetEmailHandler as POST } from '@/lib/auth/handlers';
