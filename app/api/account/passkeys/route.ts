export { passkeyListHandler as GET, passkeyRegistrationHandler as POST } from '@/lib/auth/passkey-handlers';
