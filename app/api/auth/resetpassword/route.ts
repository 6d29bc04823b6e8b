export { resetPasswordHandler as POST } from '@/lib/auth/handlers';
