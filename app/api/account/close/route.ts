export { closeAccountHandler as POST } from '@/lib/auth/handlers';
