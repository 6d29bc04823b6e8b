export { passkeyRemoveHandler as DELETE } from '@/lib/auth/passkey-handlers';
