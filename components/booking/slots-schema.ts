import * as z from 'zod/mini';

/**
 * The slots answer as the page reads it (the API sends more). Imported by fetchSlots beside its fetch, never
 * statically: any zod schema brings zod's whole core into the script that holds it (docs/performance.md).
 */
export const slotsAnswerSchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ start: z.string(), time: z.string(), therapistIds: z.array(z.number()) })),
  timestamp: z.string(),
  /** The holiday or closure that shuts the location that day ('Thanksgiving Day'). */
  closure: z.optional(z.string()),
});
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;
