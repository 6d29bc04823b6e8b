export { signUpHandler as POST } from '@/lib/auth/handlers';
