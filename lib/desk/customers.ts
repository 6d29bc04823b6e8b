import 'server-only';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { isUniqueViolation } from '@/lib/auth/accounts';
import { effectiveRole, isTeamAddress } from '@/lib/auth/session';
import type { Db } from '@/lib/db';
import { customerNotes, users } from '@/lib/db/schema';
import { SEARCH_LIMIT, SEARCH_MIN_LENGTH, type NewCustomer } from './customer-schemas';
import { rankCustomers, type RankedCandidate } from './customer-rank';
import { phoneQueryDigits } from './phone';

/** A customer as the desk's search and pages list them. */
export interface DeskCustomer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

const columns = { id: users.id, name: users.name, email: users.email, phone: users.phone };

/** `text` for a LIKE pattern, its wildcards taken literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Customers whose name or e-mail address contains `query` (any case), or whose phone number contains its digits when
 * it reads as a number in any common form ('+1 212-555-0147', '(212) 555-0147', '212.555.0147'). Each condition is a
 * `%…%` LIKE on users.search_text (name, e-mail and phone, one a line), answered by its pg_trgm GIN index
 * (drizzle/0060), so the search stays fast on a long list; `query` must be checked first (searchQuerySchema: three
 * characters or more, no control characters, so no match spans two lines). When those fill less than a page and the
 * query reads as a name, names that are only alike are added (a typo: 'Abott' finds 'Abbott'): `search_text %> query`,
 * pg_trgm's word similarity above its threshold, which the same index answers. Best first (lib/desk/customer-rank.ts).
 */
export async function searchCustomers(db: Db, query: string, limit = SEARCH_LIMIT): Promise<{ customers: DeskCustomer[]; more: boolean }> {
  const text = query.trim().toLowerCase();
  const digits = phoneQueryDigits(query, SEARCH_MIN_LENGTH);
  // A number is looked for by its digits alone: the brackets, dots and '+1' of '+1 (212) 555-0147' are in no name or
  // address, and a second LIKE on them only costs a weaker index scan.
  const conditions: SQL[] = [sql`${users.searchText} like ${`%${likeEscape(digits ?? text)}%`}`];
  // A closed account (lib/auth/account-details.ts) has no name or address left to find it by.
  const open = isNull(users.closedAt);
  // No ORDER BY in the query: the database stops at the first limit + 1 matches instead of sorting every match of a
  // common fragment ('son'). The desk reads a short list ranked here, and is told when there are more to narrow.
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(...conditions, open))
    .limit(limit + 1);
  if (rows.length > limit) return { customers: rankCustomers(rows, [], { text, digits }, limit), more: true };
  // Only a name may be misspelt into a near match: an address or a number that shares a few trigrams ('example.org'
  // and every '…@example.com') is another one.
  const similar = NAME_LIKE.test(text) ? await similarCustomers(db, text) : [];
  const found = new Set(rows.map((r) => r.id));
  const extra = similar.filter((c) => !found.has(c.id));
  const customers = rankCustomers<RankedCandidate>(rows, extra, { text, digits }, limit).map(({ id, name, email, phone }) => ({ id, name, email, phone }));
  return { customers, more: rows.length + extra.length > limit };
}

/** A name: letters, with spaces, apostrophes and hyphens between them ("O'Neil", 'Abott-Reyes'); no '@', '.' or digit. */
const NAME_LIKE = /^\p{L}[\p{L}\p{M}' -]*$/u;

/** How many near matches are scored and ranked: two and a half pages, so the best of a common misspelling come first. */
export const SIMILAR_CANDIDATES = 50;

/**
 * Open accounts whose search text holds a word like `text` (pg_trgm word similarity above its threshold), with that
 * similarity; the caller ranks them. The first SIMILAR_CANDIDATES the index yields, not sorted by the database:
 * sorting every near match of a common name cost a p95 of 32 ms over 50,000 customers on PGlite, 50 unsorted about 15.
 */
async function similarCustomers(db: Db, text: string): Promise<RankedCandidate[]> {
  const similarity = sql<number>`word_similarity(${text}, ${users.searchText})`.mapWith(Number);
  return db.transaction(async (tx) => {
    // The planner guesses many rows for `%>` and would rather score every customer (about 400 ms over 50,000); the
    // trigram index answers in a few (scripts/bench/customer-search.mjs).
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx
      .select({ ...columns, similarity })
      .from(users)
      .where(and(sql`${users.searchText} %> ${text}`, isNull(users.closedAt)))
      .limit(SIMILAR_CANDIDATES);
  });
}

export async function customerById(db: Db, id: string): Promise<DeskCustomer | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id));
  return row;
}

/** A customer for their desk page: also whether they are a walk-in (a name only) and whether the account is closed. */
export async function customerRecordById(db: Db, id: string): Promise<(DeskCustomer & { walkIn: boolean; closed: boolean; isCustomer: boolean }) | undefined> {
  const [row] = await db
    .select({ ...columns, walkIn: users.walkIn, closedAt: users.closedAt, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return undefined;
  const { closedAt, role, ...customer } = row;
  return { ...customer, closed: closedAt !== null, isCustomer: effectiveRole({ email: customer.email ?? '', role }) === 'customer' };
}

export const TEAM_ADDRESS = "This address belongs to the salon's team (OWNER_EMAILS or STAFF_EMAILS), not to a customer. The owner adds team members on the team page.";

/** 422 for an address the environment's lists give a role: a customer account at it would sign in as staff or owner. */
export const teamAddressRefused = () => new ApiError(422, 'team_address', TEAM_ADDRESS, { email: TEAM_ADDRESS });

export type CreateCustomerResult = { kind: 'created'; customer: DeskCustomer } | { kind: 'exists'; customer: DeskCustomer };

/**
 * A customer created at the desk: no password (they set one through the reset mail when they have an address).
 * An address that already has an account is not a second account: the answer names that customer. 422 for an
 * address the environment's lists give a role (the owner invites team members from the team page).
 */
export async function createCustomer(db: Db, input: NewCustomer): Promise<CreateCustomerResult> {
  const existing = async () => (input.email ? (await db.select(columns).from(users).where(eq(users.email, input.email)))[0] : undefined);
  const before = await existing();
  if (before) return { kind: 'exists', customer: before };
  if (input.email && isTeamAddress(input.email)) throw teamAddressRefused();
  try {
    const [created] = await db.insert(users).values({ name: input.name, email: input.email, phone: input.phone }).returning(columns);
    return { kind: 'created', customer: created! };
  } catch (error) {
    // Two desks creating the same address at once: the unique index lets one in, the other gets that customer.
    const winner = isUniqueViolation(error) ? await existing() : undefined;
    if (winner) return { kind: 'exists', customer: winner };
    throw error;
  }
}

export interface StaffNote {
  note: string;
  updatedAt: Date;
  updatedBy: string | null;
}

export async function staffNoteOf(db: Db, customerId: string): Promise<StaffNote | undefined> {
  const [row] = await db
    .select({ note: customerNotes.note, updatedAt: customerNotes.updatedAt, updatedBy: users.name })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.updatedBy))
    .where(eq(customerNotes.customerId, customerId));
  return row;
}

/** Replaces the desk's note on a customer, recording which staff member wrote it and when. */
export async function saveStaffNote(db: Db, customerId: string, note: string, staffId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(customerNotes)
    .values({ customerId, note, updatedBy: staffId, updatedAt: now })
    .onConflictDoUpdate({ target: customerNotes.customerId, set: { note, updatedBy: staffId, updatedAt: now } });
}
