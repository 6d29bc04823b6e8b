export { passkeyRegistrationOptionsHandler as POST } from '@/lib/auth/passkey-handlers';
