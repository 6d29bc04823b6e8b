export { passkeySignInHandler as POST } from '@/lib/auth/passkey-handlers';
