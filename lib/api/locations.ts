import { z } from 'zod';

const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/locations/ui/?svcLocation=&genderId= : location 0 (unset) reads as 1; gender -1 is the whole map. */
export const locationsQuerySchema = z.object({
  svcLocation: z.preprocess(blankAsMissing, z.coerce.number().int().min(0, 'a location is 0 to 4').max(4, 'a location is 0 to 4').default(1)),
  genderId: z.preprocess(
    blankAsMissing,
    z.coerce
      .number()
      .int()
      .refine((n) => n === -1 || n === 0 || n === 1, 'genderId is 0 (women), 1 (men) or -1 (both)')
      .default(-1),
  ),
});
