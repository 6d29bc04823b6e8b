import { z } from 'zod';
import { emailSchema, nameSchema } from '@/lib/auth/schemas';
import { normalisePhone } from './phone';

/**
 * The front desk's customer inputs, shared by the handlers (4xx answers) and the pages. No server-only code here.
 */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_LIMIT = 20;
export const NOTE_MAX_LENGTH = 2000;

export const searchQuerySchema = z
  .string({ error: `Type at least ${SEARCH_MIN_LENGTH} characters of a name, e-mail or phone number.` })
  .trim()
  .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters of a name, e-mail or phone number.`)
  .max(SEARCH_MAX_LENGTH, `Use at most ${SEARCH_MAX_LENGTH} characters.`)
  .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), 'Use letters, digits and punctuation only.');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());

// Empty, or what the field's own schema says: a union of '' and the schema would answer zod's bare 'Invalid input'.
const optionalEmail = optionalText.transform((value, ctx) => {
  if (value === '') return '';
  const parsed = emailSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

const PHONE_MESSAGE = 'Enter a phone number of 7 to 15 digits, like (212) 555-0142.';

const optionalPhone = optionalText.transform((value, ctx) => {
  if (value === '') return '';
  const phone = normalisePhone(value);
  if (phone !== undefined) return phone;
  ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
  return z.NEVER;
});

/** A new customer at the desk: a name and an e-mail address or a phone number (or both); no password. */
export const newCustomerSchema = z
  .object({
    name: nameSchema,
    email: optionalEmail,
    phone: optionalPhone,
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an e-mail address or a phone number.' });
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Enter an e-mail address or a phone number.' });
    }
  })
  .transform((value) => ({ name: value.name, email: value.email || null, phone: value.phone || null }));

export type NewCustomer = z.output<typeof newCustomerSchema>;

/**
 * The desk's correction of a customer: the name, and the e-mail address and phone as they should now be ('' removes
 * one). Whether both may be empty depends on the customer (a walk-in may stay a name only): lib/desk/customer-edit.ts.
 */
export const editCustomerSchema = z
  .object({ name: nameSchema, email: optionalEmail, phone: optionalPhone })
  .strict()
  .transform((value) => ({ name: value.name, email: value.email || null, phone: value.phone || null }));

export type EditedCustomer = z.output<typeof editCustomerSchema>;

export const noteSchema = z.object({
  note: z
    .string({ error: 'Send the note as text.' })
    .max(NOTE_MAX_LENGTH, `Use at most ${NOTE_MAX_LENGTH} characters.`)
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), 'The note holds a character that cannot be stored.')
    .transform((v) => v.trim()),
});

/** The desk's page of a customer. */
export const customerPagePath = (id: string) => `/desk/customers/${id}/`;

/** The flash keys of the desk's customer forms (lib/forms/flash.ts). */
export const NEW_CUSTOMER_FORM = 'desk-new-customer';
export const NOTE_FORM = 'desk-note';
export const EDIT_CUSTOMER_FORM = 'desk-edit-customer';
