import 'server-only';
import { sql } from 'drizzle-orm';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { cacheLife, cacheTag } from 'next/cache';
import { getDb, type Db } from '@/lib/db';
import { CATALOG_TAGS } from './publish';
import { CO_BOOKING_DAYS, type CoBookings } from './often-booked';

/** What each service keeps: more than are shown, since some may not be offered at a page's location. */
const KEPT_PER_SERVICE = 12;

/**
 * For every service booked in the last CO_BOOKING_DAYS: the other services booked in the same visit (one booking, any
 * of its areas), counted once per visit, most visits first. Cancelled appointments do not count. One query for the
 * whole catalogue, so the service pages read one cached answer (OftenBooked.tsx) instead of a query each.
 */
export async function readCoBookings(db: Db, now: Date): Promise<CoBookings> {
  const since = new Date(now.getTime() - CO_BOOKING_DAYS * 86_400_000);
  const result = (await db.execute(sql`
    with line as (
      select distinct a.booking_id, l.value ->> 'id' as service_id
      from appointments a cross join lateral jsonb_array_elements(a.lines) as l(value)
      where a.status = 'booked' and a.starts_at >= ${since.toISOString()}::timestamptz and a.starts_at < ${now.toISOString()}::timestamptz
    ),
    pair as (
      select x.service_id as service, y.service_id as other, count(*)::int as visits
      from line x join line y on y.booking_id = x.booking_id and y.service_id <> x.service_id
      group by x.service_id, y.service_id
    )
    select service, other, visits from (
      select pair.*, row_number() over (partition by service order by visits desc, other) as rank from pair
    ) ranked
    where rank <= ${KEPT_PER_SERVICE}
    order by service, rank
  `)) as unknown as { rows: { service: string; other: string; visits: number }[] };
  const found: Record<string, [string, number][]> = {};
  for (const row of result.rows) (found[row.service] ??= []).push([row.other, Number(row.visits)]);
  return found;
}

/**
 * The co-bookings the service pages show, through the catalogue's cache door (the menu's tag, so a published change
 * renders them again) with an hour's lifetime, so a page learns of new visits within the hour without a query per
 * view. The build has no database (docs/decisions.md 'Pages learn of a change from the database'): its pages show the
 * menu's services until their first render after the start. A failed read is logged and shows the same.
 */
export async function recentCoBookings(): Promise<CoBookings> {
  'use cache';
  cacheTag(CATALOG_TAGS.menu);
  cacheLife('hours');
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return {};
  try {
    return await readCoBookings(await getDb(), new Date());
  } catch (error) {
    console.error('[often booked] the co-bookings could not be read; the menu’s services are shown instead', error);
    return {};
  }
}
