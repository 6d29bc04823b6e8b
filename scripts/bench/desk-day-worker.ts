/**
 * Measures the front desk's day view data (lib/desk/day.ts readDeskDay: the roster and the day's appointments with
 * their customers, shaped) in-process and prints one JSON line. Run by scripts/bench/desk-day.mjs:
 *   node --conditions=react-server --import tsx scripts/bench/desk-day-worker.ts   (PGlite, or DATABASE_URL)
 * The day: 10 therapists rostered at SoHo on a Monday, 200 appointments that day (20 each, half-hour visits back to
 * back), and 30 other days of the same at SoHo and Midtown around it, so the query has to find its day.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DateInLocationTz } from '@/lib/booking/dates';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: samples.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

const DAY = '2031-04-14' as DateInLocationTz; // a Monday, 10:00 to 20:00 New York time, with no clock change a fortnight either side
const THERAPISTS = 10;
const PER_THERAPIST = 20;

async function main() {
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'salon-bench-desk-'));
  if (dataDir) process.env.DATA_DIR = dataDir;
  const { getDatabase, closeDb } = await import('@/lib/db');
  const { appointments, bookings, rosters, therapists, users } = await import('@/lib/db/schema');
  const { localMinuteToUtcMs, nextDate } = await import('@/lib/booking/dates');
  const { readDeskDay, deskLocationBySlug } = await import('@/lib/desk/day');
  try {
    const database = await getDatabase();
    const db = database.db;
    const ids = Array.from({ length: THERAPISTS }, (_, i) => i + 1);
    await db.insert(therapists).values(ids.map((id) => ({ id, name: `Therapist ${id}` }))).onConflictDoNothing();
    await db.delete(rosters);
    await db.insert(rosters).values(ids.flatMap((therapistId) => [1, 2].flatMap((location) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ therapistId, location, areaId: 1, weekday })))));
    const customers = Array.from({ length: THERAPISTS * PER_THERAPIST }, (_, i) => ({ id: randomUUID(), email: `bench-${i}-${randomUUID()}@example.com`, name: `Customer ${i}`, passwordHash: 'x' }));
    await db.insert(users).values(customers);
    // 31 days (the measured one in the middle) at two locations: 12,400 appointments in all.
    for (let offset = -15; offset <= 15; offset++) {
      const date = nextDate(DAY, offset);
      for (const location of [1, 2]) {
        const booked = await db
          .insert(bookings)
          .values(customers.map((c) => ({ customerId: c.id, location, gender: 0 })))
          .returning({ id: bookings.id, customerId: bookings.customerId });
        // One person is in one place at a time: Midtown's visits sit from midnight to 10:00, SoHo's from 10:00 to 20:00.
        const rows = booked.map((b, i) => {
          const therapistId = ids[i % THERAPISTS]!;
          const slot = Math.floor(i / THERAPISTS);
          const start = localMinuteToUtcMs(date, location === 1 ? 600 + slot * 30 : 0 + slot * 30);
          return {
            bookingId: b.id,
            customerId: b.customerId,
            location,
            areaId: 1,
            therapistId,
            requestedTherapistId: therapistId,
            startsAt: new Date(start),
            endsAt: new Date(start + 30 * 60_000),
            lines: [{ id: randomUUID(), svcId: '1', name: 'Eyebrows', serviceTypeId: 1, gen: 0, duration: 30, price: 30, pkgId: slot % 5 === 0 ? randomUUID() : null }],
            price: 30,
            note: slot % 7 === 0 ? 'Sensitive skin' : '',
            status: (slot % 10 === 9 ? 'cancelled' : 'booked') as 'booked' | 'cancelled',
          };
        });
        await db.insert(appointments).values(rows);
      }
    }
    if (database.kind === 'postgres') await db.execute((await import('drizzle-orm')).sql`analyze`);
    const soho = deskLocationBySlug('soho')!;
    const check = await readDeskDay(db, soho, DAY, Date.parse('2031-01-01T00:00:00Z'));
    if (check.columns.length !== THERAPISTS || check.blocks.length + check.cancelled.length !== THERAPISTS * PER_THERAPIST) {
      throw new Error(`unexpected day: ${check.columns.length} columns, ${check.blocks.length + check.cancelled.length} appointments`);
    }
    for (let i = 0; i < 30; i++) await readDeskDay(db, soho, DAY);
    const samples: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      await readDeskDay(db, soho, DAY);
      samples.push(performance.now() - t0);
    }
    return { kind: 'desk-day', db: database.kind, appointments: THERAPISTS * PER_THERAPIST, therapists: THERAPISTS, day: summary(samples) };
  } finally {
    await closeDb();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

process.stdout.write(`${JSON.stringify(await main())}\n`);
