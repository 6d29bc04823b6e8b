/**
 * The order of the desk's customer search, best first: an exact name, address or number, then one that starts with
 * what was typed (the name or one of its words, the address, the number), then one that contains it, then names
 * that are only alike (a typo: 'Abott' for 'Abbott'), most alike first. Pure; lib/desk/customers.ts queries.
 */

export interface RankedCandidate {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** pg_trgm's word_similarity of the query to the customer's search text (0 to 1); only for a fuzzy match. */
  similarity?: number;
}

export const MATCH_TIERS = ['exact', 'prefix', 'contains', 'similar'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

export interface SearchTerms {
  /** The query, trimmed and lower-cased. */
  text: string;
  /** The phone digits it stands for, when it reads as a number (lib/desk/phone.ts phoneQueryDigits). */
  digits?: string;
}

/** How well one customer found by a substring (LIKE) matches the query; a fuzzy match is 'similar'. */
export function matchTier(customer: RankedCandidate, terms: SearchTerms): MatchTier {
  if (customer.similarity !== undefined) return 'similar';
  const name = customer.name.toLowerCase();
  const email = customer.email ?? '';
  const phone = customer.phone ?? '';
  const { text, digits } = terms;
  if (name === text || email === text || (digits !== undefined && phone === digits)) return 'exact';
  const words = name.split(/[\s'-]+/);
  if (name.startsWith(text) || words.some((w) => w.startsWith(text)) || email.startsWith(text) || (digits !== undefined && phone.startsWith(digits))) return 'prefix';
  return 'contains';
}

/** The substring matches ranked, then the fuzzy ones not among them by similarity, at most `limit`. */
export function rankCustomers<T extends RankedCandidate>(substring: readonly T[], similar: readonly T[], terms: SearchTerms, limit: number): T[] {
  const tierOf = (c: T) => MATCH_TIERS.indexOf(matchTier(c, terms));
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id);
  const seen = new Set(substring.map((c) => c.id));
  const first = [...substring].sort((a, b) => tierOf(a) - tierOf(b) || byName(a, b));
  const rest = similar.filter((c) => !seen.has(c.id)).sort((a, b) => (b.similarity ?? 0) - (a.similarity ?? 0) || byName(a, b));
  return [...first, ...rest].slice(0, limit);
}
