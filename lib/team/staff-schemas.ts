import { z } from 'zod';
import { emailSchema, nameSchema, signUpTokenSchema } from '@/lib/auth/schemas';

/** The bodies of /api/desk/team/ and of an invitation's link, shared by the forms' server actions and the handlers. */

const staffRole = z.enum(['staff', 'owner'], { error: 'Choose Front desk or Owner.' });

export const inviteSchema = z.object({ email: emailSchema, role: staffRole });
export type InviteInput = z.output<typeof inviteSchema>;

const userId = z.uuid('Choose an account.').transform((id) => id.toLowerCase());

export const roleChangeSchema = z.object({ userId, role: z.enum(['customer', 'staff', 'owner'], { error: 'Choose Front desk, Owner or Customer.' }) });
export type RoleChangeInput = z.output<typeof roleChangeSchema>;

/** PATCH /api/desk/team/: a role change (`role: 'customer'` removes the account from the staff) or a withdrawn invitation. */
export const teamPatchSchema = z.union([roleChangeSchema, z.object({ invitationId: z.uuid('Choose an invitation.'), revoke: z.literal(true) })]);

export const acceptInvitationSchema = z.object({
  token: signUpTokenSchema,
  name: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), nameSchema.optional()),
});
