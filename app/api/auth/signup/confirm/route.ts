export { finishSignUpHandler as POST } from '@/lib/auth/handlers';
