export { signInWithCodeHandler as POST } from '@/lib/auth/handlers';
