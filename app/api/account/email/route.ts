export { changeEmailHandler as POST } from '@/lib/auth/handlers';
