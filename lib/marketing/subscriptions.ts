import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db';
import { subscriptions } from '@/lib/db/schema';

/** The error code the specification's clients read to tell 'already subscribed' from a failure. */
export const ALREADY_SUBSCRIBED = 'DLRecordExists';

/** Stores the address once; a repeat is a 409 whose error code is DLRecordExists. */
export async function subscribe(db: Db, input: { email: string; createdBy: string }): Promise<void> {
  const inserted = await db.insert(subscriptions).values(input).onConflictDoNothing({ target: subscriptions.email }).returning({ id: subscriptions.id });
  if (inserted.length === 0) throw new ApiError(409, ALREADY_SUBSCRIBED, 'Already been subscribed!');
}
