export { signInCodeHandler as POST } from '@/lib/auth/handlers';
