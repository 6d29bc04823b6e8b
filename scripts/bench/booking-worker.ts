/**
 * Measures the booking engine in-process and prints one JSON line. Run by scripts/bench/booking.mjs:
 *   node --conditions=react-server --import tsx scripts/bench/booking-worker.ts slots
 *   node --conditions=react-server --import tsx scripts/bench/booking-worker.ts create   (PGlite, or DATABASE_URL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hoursOn } from '@/lib/catalog/hours';
import { computeSlots, type BusyInterval, type RosterEntry } from '@/lib/booking/slots';
import type { DateInLocationTz } from '@/lib/booking/dates';
import { computeVisitSlots, type VisitAreaQuery } from '@/lib/booking/visit';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: samples.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

function benchSlots() {
  const date = '2027-01-11' as DateInLocationTz; // a Monday: 10:00 to 20:00 New York time
  const open = Date.parse('2027-01-11T15:00:00Z');
  const roster: RosterEntry[] = Array.from({ length: 10 }, (_, i) => ({ therapistId: i + 1 }));
  const busy: BusyInterval[] = [];
  // 50 appointments per therapist: 10 minutes every 12 minutes, so free gaps are too short for most durations.
  for (let t = 1; t <= 10; t++) {
    for (let k = 0; k < 50; k++) busy.push({ therapistId: t, start: open + (k * 12 + t) * 60_000, end: open + (k * 12 + t + 10) * 60_000 });
  }
  busy.sort(() => Math.random() - 0.5);
  const now = Date.parse('2027-01-01T00:00:00Z');
  const query = { date, hours: hoursOn(1, date), roster, busy, durationMinutes: 30, now };
  for (let i = 0; i < 300; i++) computeSlots(query);
  const samples: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t0 = performance.now();
    computeSlots(query);
    samples.push(performance.now() - t0);
  }
  // A lighter day too, where most starts are free (more output to build).
  const free = { ...query, busy: busy.slice(0, 40) };
  const freeSamples: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t0 = performance.now();
    computeSlots(free);
    freeSamples.push(performance.now() - t0);
  }
  return { kind: 'slots', busy: summary(samples), light: summary(freeSamples), slotsOnLightDay: computeSlots(free).length };
}

/**
 * One day's visit times: three areas chained (45 + 30 + 60 minutes), 10 therapists (4, 3 and 3 per area, 'any' in
 * each), 500 appointments spread over them, so that many starts fail on a later leg.
 */
function benchVisit() {
  const date = '2027-01-11' as DateInLocationTz;
  const open = Date.parse('2027-01-11T15:00:00Z');
  const areas: VisitAreaQuery[] = [
    { areaId: 1, durationMinutes: 45, roster: [1, 2, 3, 4].map((therapistId) => ({ therapistId })) },
    { areaId: 2, durationMinutes: 30, roster: [5, 6, 7].map((therapistId) => ({ therapistId })) },
    { areaId: 3, durationMinutes: 60, roster: [8, 9, 10].map((therapistId) => ({ therapistId })) },
  ];
  const busy: BusyInterval[] = [];
  for (let t = 1; t <= 10; t++) {
    for (let k = 0; k < 50; k++) busy.push({ therapistId: t, start: open + (k * 12 + t) * 60_000, end: open + (k * 12 + t + 10) * 60_000 });
  }
  busy.sort(() => Math.random() - 0.5);
  // A lighter day as well (40 appointments), where most starts fit and the answer is long.
  const light = busy.slice(0, 40);
  const now = Date.parse('2027-01-01T00:00:00Z');
  const heavy = { date, hours: hoursOn(1, date), areas, busy, now };
  const easy = { date, hours: hoursOn(1, date), areas, busy: light, now };
  for (let i = 0; i < 300; i++) computeVisitSlots(heavy);
  const samples: number[] = [];
  const lightSamples: number[] = [];
  for (let i = 0; i < 3000; i++) {
    let t0 = performance.now();
    computeVisitSlots(heavy);
    samples.push(performance.now() - t0);
    t0 = performance.now();
    computeVisitSlots(easy);
    lightSamples.push(performance.now() - t0);
  }
  return { kind: 'visit', busy: summary(samples), light: summary(lightSamples), visitsOnLightDay: computeVisitSlots(easy).length };
}

async function benchCreate() {
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'salon-bench-'));
  if (dataDir) process.env.DATA_DIR = dataDir;
  const { getDatabase, closeDb } = await import('@/lib/db');
  const { POST } = await import('@/app/api/appointments/[customerId]/route');
  const { signedIn, jsonInit } = await import('@/lib/booking/test-support/fixtures');
  const { cardFor, WAX } = await import('@/lib/booking/test-support/cards');
  const { appointmentCardSchema } = await import('@/lib/booking/card-schema');
  const { createBooking } = await import('@/lib/booking/appointments/create');
  try {
    const database = await getDatabase();
    const me = await signedIn(database.db);
    const item = WAX.find((i) => i.duration === 30) ?? WAX[0]!;
    // Free times of therapist 1 (hair removal at SoHo, Monday to Saturday) a year ahead, every 30 minutes.
    const times: string[] = [];
    const day = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 4));
    while (times.length < 460) {
      if (day.getUTCDay() !== 0) {
        const date = day.toISOString().slice(0, 10);
        const first = day.getUTCDay() === 6 ? 11 : 10;
        const last = day.getUTCDay() === 6 ? 18 : 19;
        for (let h = first; h <= last; h++) for (const m of ['00', '30']) if (h * 60 + Number(m) + item.duration <= (last + 1) * 60) times.push(`${date} ${String(h).padStart(2, '0')}:${m}`);
      }
      day.setUTCDate(day.getUTCDate() + 1);
    }
    // Interleaved, so that both see the same machine: the booking transaction alone (checks, booking row, roster,
    // appointment, packages) and the whole handler as a request meets it (Origin, session, body, booking,
    // confirmation mail, answer).
    const domain: number[] = [];
    const samples: number[] = [];
    for (const [i, time] of times.entries()) {
      const raw = cardFor([{ therapist: 1, date: time, items: [item] }]);
      if (i % 2 === 0) {
        const card = appointmentCardSchema.parse(raw);
        const t0 = performance.now();
        await createBooking(database.db, { actor: { userId: me.userId, role: 'customer' }, customerId: me.userId, card });
        if (i >= 60) domain.push(performance.now() - t0);
        continue;
      }
      const request = new Request(`http://localhost:3000/api/appointments/${me.userId}/`, jsonInit('POST', raw, me.cookie));
      const t0 = performance.now();
      const response = await POST(request, { params: Promise.resolve({ customerId: me.userId }) });
      const elapsed = performance.now() - t0;
      if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
      if (i >= 60) samples.push(elapsed); // the first ones warm the JIT and the caches
    }
    return { kind: 'create', db: database.kind, handler: summary(samples), booking: summary(domain) };
  } finally {
    await closeDb();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const what = process.argv[2];
const result = what === 'slots' ? benchSlots() : what === 'visit' ? benchVisit() : await benchCreate();
process.stdout.write(`${JSON.stringify(result)}\n`);
