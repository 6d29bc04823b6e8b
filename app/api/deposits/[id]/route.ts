export { readDepositHandler as GET, abandonDepositHandler as DELETE } from '@/lib/deposits/handlers';
