export { passkeySignInOptionsHandler as POST } from '@/lib/auth/passkey-handlers';
