import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from './search-limits';

/**
 * The /search/ page's q parameter. Apart from the matcher (lib/catalog/search.ts) so that the search island does not
 * bundle zod: the island's input is limited by its maxLength and cannot hold control characters.
 */

// C0 and C1 control characters, DEL included: nothing a search box sends.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export const TOO_LONG_MESSAGE = `That search is too long. Please use at most ${SEARCH_QUERY_MAX_LENGTH} characters.`;
export const CONTROL_CHARACTER_MESSAGE = 'That search contains characters that cannot be searched for. Please type it again.';

const querySchema = z
  .string()
  .max(SEARCH_QUERY_MAX_LENGTH, TOO_LONG_MESSAGE)
  .refine((value) => !CONTROL_CHARACTER.test(value), CONTROL_CHARACTER_MESSAGE);

export type SearchQuery = { ok: true; query: string } | { ok: false; message: string };

/** A missing q is an empty search; q given more than once reads its first value. */
export function parseSearchQuery(raw: string | string[] | undefined): SearchQuery {
  const value = Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '');
  const parsed = querySchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'That search cannot be read.' };
  return { ok: true, query: parsed.data.trim() };
}
