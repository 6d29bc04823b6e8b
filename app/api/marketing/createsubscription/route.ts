export { createSubscriptionHandler as POST } from '@/lib/marketing/handlers';
