export { confirmEmailHandler as POST } from '@/lib/auth/handlers';
