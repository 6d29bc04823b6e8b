import { z } from 'zod';
import { hasHiddenCharacter } from '@/lib/security/hidden-characters';

/**
 * The account forms' fields, shared by the forms (field errors in the browser) and the handlers (422 answers).
 * No server-only code here: the client islands import this file. The common-password check is server-side only
 * (its list is large), and its message reaches the form through the 422 answer.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'));

export const newPasswordSchema = z
  .string({ error: 'Choose a password.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

/** Sign-in accepts any stored password; only its length is bounded, so the hash never runs on megabytes. */
const currentPasswordSchema = z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(PASSWORD_MAX, 'That password is too long.');

/**
 * Every person's name the site takes (sign-up, sign-in by code from the booking page, the account's details, the
 * desk's new customer): one rule. A hidden control character is refused, not stripped, so that what is stored is
 * what the person typed and saw (docs/decisions.md, 'Names without hidden characters').
 */
export const nameSchema = z
  .string({ error: 'Enter your name.' })
  .trim()
  .min(1, 'Enter your name.')
  .max(100, 'Use at most 100 characters.')
  .refine((name) => !hasHiddenCharacter(name), 'The name holds a hidden character (a line break or a text-direction mark). Please type it again.')
  .refine((name) => !/[<>]/.test(name), 'Use letters, spaces and punctuation only.');

/** A hidden field people never fill in: a value means a bot filled the form. */
const honeypot = z.string().max(1000).optional();
/** The bot-check widget's token, when the site has keys for it. */
const botToken = z.string().max(4096).optional();

/** A same-site path to come back to (?url=); checked again with safeReturnPath where it is used. */
const returnPathSchema = z.string().max(2048, 'That return address is too long.').optional();

export const signUpSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  website: honeypot,
  botToken,
  returnPath: returnPathSchema,
});

export const signInSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});

export const resetEmailSchema = z.object({ email: emailSchema });

/** Asking for a sign-in code (lib/auth/codes.ts). */
export const codeRequestSchema = z.object({ email: emailSchema });

/** The six digits of a mailed code; spaces and dashes people type between them are dropped. */
export const signInCodeSchema = z
  .string({ error: 'Enter the code from the e-mail.' })
  .max(20, 'Enter the six digits from the e-mail.')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, 'Enter the code from the e-mail.').regex(/^\d{6}$/, 'Enter the six digits from the e-mail.'));

/** Signing in with a code; a new customer's name comes with it (empty: not given). */
export const codeSignInSchema = z.object({
  email: emailSchema,
  code: signInCodeSchema,
  name: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), nameSchema.optional()),
});

export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not valid.');

export const signUpTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.');

export const finishSignUpSchema = z.object({ token: signUpTokenSchema });

export const resetPasswordSchema = z.object({
  token: resetTokenSchema,
  password: newPasswordSchema,
});

/** The account's details page (lib/auth/account-details.ts). An account without a password sends no current one. */
export const changeNameSchema = z.object({ name: nameSchema });

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema.optional(),
  password: newPasswordSchema,
});

export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: currentPasswordSchema.optional(),
});

export const confirmEmailSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.') });

export const closeAccountSchema = z.object({
  currentPassword: currentPasswordSchema.optional(),
  confirm: z.literal(true, { error: 'Tick the box to confirm that you want to close your account.' }),
});

export const subscriptionSchema = z.object({
  email: emailSchema,
  createdBy: z.string().trim().min(1).max(64).default('web'),
  website: honeypot,
  botToken,
});


/** Where to go after sign-in: a same-site path only; anything else (another host, //host, \\host) goes home. */
export function safeReturnPath(url: string | null | undefined): string {
  if (!url || url.length > 2048) return '/';
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f\\]/.test(url)) return '/';
  try {
    const parsed = new URL(url, 'http://same.invalid');
    if (parsed.origin !== 'http://same.invalid') return '/';
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return '/';
  }
}
