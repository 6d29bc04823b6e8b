import { z } from 'zod';

/**
 * The browser's answers to a passkey ceremony, as @simplewebauthn/browser sends them (RegistrationResponseJSON and
 * AuthenticationResponseJSON): checked for shape here, then by the library for what they say.
 */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, 'Not base64url.');

const credentialId = base64url(1400);

const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(16_384),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});

export const passkeyRegistrationSchema = z.object({ response: registrationResponseSchema });
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });
export const passkeyIdSchema = z.object({ id: credentialId });
