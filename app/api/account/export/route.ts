export { exportAccountHandler as GET } from '@/lib/auth/handlers';
