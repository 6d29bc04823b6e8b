export { changeNameHandler as POST } from '@/lib/auth/handlers';
