import { z } from 'zod';
import { AREA_IDS, LOCATIONS } from '@/lib/catalog/tables';
import { readStampSchema } from '@/lib/api/stale-copy';
import { hasHiddenCharacter } from '@/lib/security/hidden-characters';
import { TAB_KEYS } from './service-tree';
import { isTherapistIdText } from './therapist-id';

/**
 * The bodies of /api/desk/therapists/: shared by the team editor's server actions and the handlers. Which services
 * exist (and are not retired) is checked against the catalogue by lib/team/therapists.ts.
 */

export const BIO_MAX = 500;
export const LOCATION_SLUGS = LOCATIONS.map((location) => location.slug) as [string, ...string[]];

export const therapistNameSchema = z
  .string({ error: "Enter the therapist's name." })
  .trim()
  .min(1, "Enter the therapist's name.")
  .max(80, 'Use at most 80 characters.')
  .refine((name) => !hasHiddenCharacter(name), 'The name holds a hidden character (a line break or a text-direction mark). Please type it again.')
  .refine((name) => !/[<>]/.test(name), 'Use letters, spaces and punctuation only.');

export const bioSchema = z
  .string({ error: 'Write the bio as text.' })
  .transform((bio) => bio.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .max(BIO_MAX, `Keep the bio to ${BIO_MAX} characters.`)
      .refine((bio) => !hasHiddenCharacter(bio.replace(/\n/g, ' ')), 'The bio holds a hidden character (a text-direction mark or a control character). Please type it again.'),
  );

const serviceId = z.uuid('must be a service id').transform((id) => id.toLowerCase());

/** What the therapist does at one location: services by id, and whole areas (ids) and menu tabs ('womens-wax'). */
export const workSchema = z.object({
  location: z.enum(LOCATION_SLUGS, { error: `Choose a location: ${LOCATION_SLUGS.join(', ')}.` }),
  serviceIds: z.array(serviceId).max(1000).default([]),
  areaIds: z
    .array(z.number().int().refine((id) => (AREA_IDS as readonly number[]).includes(id), `must be an area id: ${AREA_IDS.join(', ')}`))
    .max(AREA_IDS.length)
    .default([]),
  tabs: z
    .array(z.string().refine((key) => TAB_KEYS.includes(key), 'must be a menu tab such as womens-wax'))
    .max(TAB_KEYS.length)
    .default([]),
});

const workListSchema = z
  .array(workSchema)
  .max(LOCATIONS.length)
  .refine((work) => new Set(work.map((w) => w.location)).size === work.length, 'List each location once.');

/** A photo from lib/photos (the photos engineer's PhotoField); null takes it away. */
const photoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be a photo id').nullable();

export const newTherapistSchema = z.object({
  name: therapistNameSchema,
  bio: bioSchema.default(''),
  photoId: photoIdSchema.optional(),
  work: workListSchema,
});
export type NewTherapistInput = z.output<typeof newTherapistSchema>;

/** `updatedAt` is the therapist's as the client read it (lib/api/stale-copy.ts): it is no change by itself. */
export const therapistChangeSchema = z
  .object({ name: therapistNameSchema, bio: bioSchema, photoId: photoIdSchema, work: workListSchema, updatedAt: readStampSchema })
  .partial()
  .refine((change) => Object.entries(change).some(([key, value]) => key !== 'updatedAt' && value !== undefined), 'Send at least one of name, bio, photoId, work.');
export type TherapistChangeInput = z.output<typeof therapistChangeSchema>;

export const therapistParamsSchema = z.object({
  id: z.string().refine(isTherapistIdText, 'must be a therapist id').transform(Number),
});
