import * as z from 'zod/mini';

/**
 * The visit answer as the page reads it (GET /api/visits/{location}/). Imported by fetchVisit beside its fetch, never
 * statically: any zod schema brings zod's whole core into the script that holds it (docs/performance.md).
 */
export const visitAnswerSchema = z.object({
  days: z.array(z.object({ date: z.string(), count: z.number(), closure: z.optional(z.string()) })),
  date: z.string(),
  times: z.array(
    z.object({
      start: z.string(),
      time: z.string(),
      endTime: z.string(),
      part: z.enum(['morning', 'afternoon', 'evening']),
      legs: z.array(z.object({ areaId: z.number(), start: z.string(), time: z.string(), therapistIds: z.array(z.number()) })),
    }),
  ),
  timestamp: z.string(),
});
export type VisitAnswer = z.infer<typeof visitAnswerSchema>;
