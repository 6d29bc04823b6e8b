export { unsubscribePageRedirect as GET, unsubscribeOneClick as POST } from '@/lib/marketing/handlers';
