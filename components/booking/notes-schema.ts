import * as z from 'zod/mini';

/** The notes this tab kept, read only when there are some (booking-notes.ts): zod stays out of the page's script. */
export const notesSchema = z.record(z.string(), z.string().check(z.maxLength(500)));
