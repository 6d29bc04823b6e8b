export { changePasswordHandler as POST } from '@/lib/auth/handlers';
