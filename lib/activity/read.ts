import 'server-only';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { ACTIVITY_KINDS, activityLog, type ActivityKind, type ActivityRow } from '@/lib/db/schema';
import { compactDiff, type FieldChange } from './diff';

/**
 * The activity log as the owner reads it (/desk/activity/, GET /api/desk/activity/): newest first, one kind or all,
 * a page at a time. Pages are keyset pages: the next one starts after the last entry shown (its time, then its id),
 * so an entry written while the owner reads never shifts or repeats what the following pages show.
 */

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  menu: 'Menu',
  team: 'Team',
  hours: 'Hours',
  roles: 'Roles',
  rosters: 'Rosters',
  closures: 'Closures',
  'time-off': 'Time off',
  customers: 'Customers',
  promotions: 'Promotions',
  photos: 'Photos',
  exports: 'Exports',
  deposits: 'Deposits',
  'gift-cards': 'Gift cards',
};

export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_PAGE_MAX = 100;

/** The query of a page: `kind` ('' is every kind), `before` the id of the last entry of the page before. */
export const activityQuerySchema = z.object({
  kind: z
    .union([z.literal(''), z.enum(ACTIVITY_KINDS)], { message: `must be one of ${ACTIVITY_KINDS.join(', ')}` })
    .optional()
    .transform((kind) => kind || undefined),
  before: z.coerce.number({ message: 'must be an entry id' }).int('must be an entry id').min(1, 'must be an entry id').max(Number.MAX_SAFE_INTEGER, 'must be an entry id').optional(),
  limit: z.coerce
    .number({ message: `must be a number from 1 to ${ACTIVITY_PAGE_MAX}` })
    .int(`must be a number from 1 to ${ACTIVITY_PAGE_MAX}`)
    .min(1, `must be a number from 1 to ${ACTIVITY_PAGE_MAX}`)
    .max(ACTIVITY_PAGE_MAX, `must be a number from 1 to ${ACTIVITY_PAGE_MAX}`)
    .optional(),
});
export interface ActivityQuery {
  kind?: ActivityKind;
  before?: number;
  limit?: number;
}

export interface ActivityView {
  id: number;
  /** The instant, ISO 8601 in UTC. */
  at: string;
  /** The same instant as New York reads it: 'Nov 28, 2026, 11:48 AM EST'. */
  when: string;
  actor: { id: string | null; name: string };
  kind: ActivityKind;
  action: string;
  subject: string;
  summary: string;
  /** The fields that changed, in words. */
  changes: FieldChange[];
  before: unknown;
  after: unknown;
}

const whenFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

/** 'Nov 28, 2026, 11:48 AM EST'. */
export function formatWhen(at: Date): string {
  return whenFormat.format(at);
}

function view(row: ActivityRow): ActivityView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    when: formatWhen(row.at),
    actor: { id: row.actorId, name: row.actorName },
    kind: row.kind,
    action: row.action,
    subject: row.subject,
    summary: row.summary,
    changes: compactDiff(row.before, row.after),
    before: row.before,
    after: row.after,
  };
}

/** One page of entries, newest first, and the `before` of the page after it (null on the last page). */
export async function listActivity(db: Pick<Db, 'select'>, query: ActivityQuery = {}): Promise<{ entries: ActivityView[]; next: number | null }> {
  const limit = query.limit ?? ACTIVITY_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(activityLog.kind, query.kind));
  if (query.before !== undefined) {
    conditions.push(sql`(${activityLog.at}, ${activityLog.id}) < (select mark.at, mark.id from activity_log mark where mark.id = ${query.before})`);
  }
  const rows = await db
    .select()
    .from(activityLog)
    .where(and(...conditions))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { entries: page.map(view), next: rows.length > limit ? page[page.length - 1]!.id : null };
}
