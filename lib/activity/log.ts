import 'server-only';
import type { Db } from '@/lib/db';
import { activityLog, type ActivityKind } from '@/lib/db/schema';

/** Who made a change: the session's user (their name is copied into the entry). */
export interface ActivityActor {
  userId: string | null;
  name: string;
}

export interface ActivityEntry {
  kind: ActivityKind;
  /** A verb: 'created', 'changed', 'retired', 'invited', 'removed', 'exported', ... */
  action: string;
  /** What was changed, as the owner knows it: 'Brazilian Wax', 'Elena Petrova', 'SoHo hours'. */
  subject: string;
  /** One sentence for the list: 'Price $65.00 → $70.00'. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

type Executor = Pick<Db, 'insert'>;

/** Records a change; call it with the transaction that makes the change, so neither happens without the other. */
export async function recordActivity(tx: Executor, actor: ActivityActor, entry: ActivityEntry): Promise<void> {
  await tx.insert(activityLog).values({
    actorId: actor.userId,
    actorName: actor.name,
    kind: entry.kind,
    action: entry.action,
    subject: entry.subject,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
