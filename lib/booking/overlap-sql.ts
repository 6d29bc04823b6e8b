import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Interval } from './dates';

/**
 * Whether a row's [starts, ends) overlaps the span [start, end) (UTC milliseconds): the one range test of every busy-time
 * query (appointments, holds, time off), the same half-open ranges as the exclusion constraints.
 */
export function overlapsSpan(starts: AnyColumn, ends: AnyColumn, span: Interval): SQL {
  return sql`tstzrange(${starts}, ${ends}, '[)') && tstzrange(${new Date(span.start).toISOString()}::timestamptz, ${new Date(span.end).toISOString()}::timestamptz, '[)')`;
}
