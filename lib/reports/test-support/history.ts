import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { daySpan, localDateOf, localMinuteToUtcMs, nextDate, openingWindow, type DateInLocationTz } from '@/lib/booking/dates';
import { closuresFor } from '@/lib/booking/schedule';
import { shiftsOn } from '@/lib/booking/shifts';
import { isBookableAt } from '@/lib/catalog/catalog';
import { hoursOn } from '@/lib/catalog/hours';
import { catalogSnapshot, setCatalogSnapshot } from '@/lib/catalog/snapshot';
import { loadCatalogSnapshot } from '@/lib/catalog/snapshot-load';
import type { ServiceItem } from '@/lib/catalog/schema';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { Db } from '@/lib/db';
import type { StoredLine } from '@/lib/db/schema';

/**
 * A generated history of the four salons (issue 35: the reports' benchmark and the owner's demo): customers, bookings,
 * appointments, their events, paid package orders and the sessions they credit, written the way the booking, the desk
 * and the shop write them, so that every rule of the database holds (the two exclusion constraints included) and the
 * reports read what a real history would give them.
 *
 * - Days: the seeded rosters (shiftsOn, one-off changes applied) within each day's opening hours, none on a closure
 *   (holidays by rule, closed weekdays), none on a therapist's time off (a week's vacation and two sick days a year,
 *   written to therapist_time_off). A salon nobody is rostered at (Williamsburg in the seed) stays empty.
 * - Each therapist's day is laid out from the opening on, a 15-minute step at a time: a step left idle, or the next
 *   visit of one or two services the therapist does there (therapist_services, the catalogue's durations and prices),
 *   so no two of one therapist's booked visits overlap. The share of idle steps is found by laying out the days until
 *   the count of visits is the one asked for.
 * - Customers join at a steady pace; a visit goes to one who has not booked yet, or back to one who has (mostly at
 *   their home salon, the recent and the loyal more often), never to one already booked at that time anywhere.
 * - The mix (RATES): bookings made at the desk (created_by, the desk's own events) or online (within the two hours'
 *   notice); cancelled early (at least 24 hours before) or late, by the customer or the desk (a customer cancels late
 *   only after the salon asked them to move, as the booking allows); half the cancelled times booked again; no-shows;
 *   past visits checked in and completed by the desk (a few never marked); moves; visits of two areas back to back;
 *   packages bought through the shop (the paid order's claim in `meta`, the credits in customer_packages) and their
 *   sessions used on later visits of the service (lines with pkgId at no price), some never used.
 *
 * Every choice comes from one seeded generator, so a seed gives the same history (ids included) on every run for the
 * same day. Rows go in as one `insert ... select from jsonb_to_recordset` per table and batch, inside one transaction.
 */

export interface HistoryOptions {
  /** Days of history before today (New York), today included. */
  days: number;
  customers: number;
  /** About this many appointments (one therapist each; a cancelled one counts). */
  appointments: number;
  /** Days after today already booked, fewer the further ahead. */
  aheadDays?: number;
  seed?: number;
  now?: number;
  /** Appointments per insert. */
  batchRows?: number;
  onProgress?: (message: string) => void;
}

export interface HistorySummary {
  from: string;
  to: string;
  /** Customer accounts, those who never booked included. */
  customers: number;
  bookings: number;
  appointments: number;
  deskAppointments: number;
  cancelledEarly: number;
  cancelledLate: number;
  noShows: number;
  moved: number;
  packageOrders: number;
  packageSessions: number;
  events: number;
  /** The share of 15-minute steps left idle to reach the count asked for. */
  idle: number;
  ms: number;
}

/** Five years of four salons: what `npm run seed:history` and `npm run bench:reports` generate. */
export const FULL_HISTORY = { years: 5, customers: 40_000, appointments: 250_000, aheadDays: 28 } as const;

/** The days from the same date `years` years before today (New York) to today: 1,826 for five years with a leap day. */
export function historyDays(years: number, now = Date.now()): number {
  const today = localDateOf(now);
  const back = Date.UTC(Number(today.slice(0, 4)) - years, Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)));
  return Math.round((Date.parse(`${today}T00:00:00Z`) - back) / DAY);
}

/** The shares of the mix, of all appointments unless said. */
export const RATES = {
  desk: 0.3,
  cancelledEarly: 0.08,
  cancelledLate: 0.03,
  noShow: 0.03,
  /** Of cancelled times: taken again by another customer. */
  rebooked: 0.5,
  /** Of visits kept: moved once before the day. */
  moved: 0.05,
  /** Of bookings: two areas back to back. */
  twoAreas: 0.04,
  /** Of visits: a second service in the same area. */
  secondLine: 0.15,
  /** Of visits of a service with a package offer: the customer buys one. */
  packageBought: 0.03,
  /** Of past visits kept: never marked by the desk. */
  unmarked: 0.02,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEP = 15 * MINUTE;
const NOTICE = 2 * HOUR;
const CUTOFF = 24 * HOUR;
/** A package session waits at most this long to be booked after it could be: then it stays owed. */
const PACKAGE_PATIENCE = 150 * DAY;

const FIRST = ['Ana', 'Maria', 'Grace', 'Olivia', 'Liam', 'Noah', 'Emma', 'Sofia', 'Mia', 'Lucas', 'Chloe', 'Ethan', 'Zoe', 'Ava', 'Isabella', 'Mateo', 'Leah', 'Nora', 'Aria', 'Elena', 'Hannah', 'Priya', 'Wei', 'Yuki', 'Omar', 'Fatima', 'Diego', 'Camila', 'Jamal', 'Keisha'];
const LAST = ['Lopez', 'Kim', 'Nguyen', 'Smith', 'Johnson', 'Garcia', 'Patel', 'Chen', 'Brown', 'Davis', 'Martinez', 'Wilson', 'Anderson', 'Thomas', 'Moore', 'Jackson', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'Allen', 'Wright', 'Scott', 'Torres', 'Hill', 'Flores', 'Green', 'Adams', 'Baker'];
const DOMAINS = ['example.com', 'example.org', 'example.net'];

/** mulberry32: a small seeded generator of floats in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Random {
  (): number;
  between(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  uuid(): string;
}

function random(seed: number): Random {
  const next = generator(seed);
  const hex = (n: number) => Math.floor(n * 4_294_967_296).toString(16).padStart(8, '0');
  return Object.assign(next, {
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    uuid: () => {
      const h = hex(next()) + hex(next()) + hex(next()) + hex(next());
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16]!, 16) & 3]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  });
}

/** One therapist at one location on one date: the hours worked, the areas served. */
interface TherapistDay {
  date: DateInLocationTz;
  therapistId: number;
  location: number;
  areas: number[];
  start: number;
  end: number;
  /** Days after today (0 today, negative before). */
  ahead: number;
}

interface Slot {
  location: number;
  therapistId: number;
  areaId: number;
  start: number;
  end: number;
  services: ServiceItem[];
}

/** The services a therapist does in an area at a location, each with a weight (some are booked far more often). */
interface Menu {
  items: ServiceItem[];
  cumulative: number[];
}

function pickFrom(menu: Menu, rng: Random, fits: (item: ServiceItem) => boolean): ServiceItem | undefined {
  for (let tries = 0; tries < 6; tries++) {
    const x = rng() * menu.cumulative.at(-1)!;
    let lo = 0;
    let hi = menu.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (menu.cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    const item = menu.items[lo]!;
    if (fits(item)) return item;
  }
  return menu.items.find(fits);
}

function menusOf(seed: number): Map<string, Menu> {
  const snapshot = catalogSnapshot();
  const rng = random(seed ^ 0x5eed);
  const popularity = new Map<string, number>();
  const live = snapshot.services.filter((item) => !snapshot.retiredServiceIds.has(item.id));
  // A few services are most of the visits (brows, underarms, a bikini line); longer ones are booked less often.
  for (const item of live) popularity.set(item.id, (0.05 + rng() ** 4) * Math.sqrt(30 / item.duration));
  const menus = new Map<string, Menu>();
  const byId = new Map(live.map((item) => [item.id, item]));
  for (const row of snapshot.therapistServices) {
    const item = byId.get(row.serviceId);
    if (!item) continue;
    const key = `${row.therapistId}/${row.location}/${item.areaId}`;
    let menu = menus.get(key);
    if (!menu) menus.set(key, (menu = { items: [], cumulative: [] }));
    menu.items.push(item);
  }
  for (const menu of menus.values()) {
    menu.items.sort((a, b) => (a.id < b.id ? -1 : 1));
    let total = 0;
    menu.cumulative = menu.items.map((item) => (total += popularity.get(item.id)!));
  }
  return menus;
}

/** Every therapist-day of the range, from the rosters, hours, closures and time off. */
async function therapistDays(db: Db, dates: DateInLocationTz[], today: DateInLocationTz, away: Set<string>): Promise<TherapistDay[]> {
  const days: TherapistDay[] = [];
  const index = new Map(dates.map((date, i) => [date, i]));
  const todayIndex = index.get(today)!;
  for (const { id: location } of LOCATIONS) {
    const closed = new Set((await closuresFor(db, location, dates[0]!, dates.at(-1)!)).map((closure) => closure.date));
    const byKey = new Map<string, TherapistDay>();
    for (const shift of await shiftsOn(db, location, dates)) {
      const hours = hoursOn(location, shift.date);
      if (!hours || closed.has(shift.date) || away.has(`${shift.therapistId} ${shift.date}`)) continue;
      const open = openingWindow(shift.date, hours);
      const start = shift.startMinute === null ? open.start : Math.max(open.start, localMinuteToUtcMs(shift.date, shift.startMinute));
      const end = shift.endMinute === null ? open.end : Math.min(open.end, localMinuteToUtcMs(shift.date, shift.endMinute));
      if (end - start < STEP) continue;
      const key = `${shift.therapistId} ${shift.date}`;
      const day = byKey.get(key);
      if (day) {
        day.areas.push(shift.areaId);
        day.start = Math.min(day.start, start);
        day.end = Math.max(day.end, end);
      } else {
        byKey.set(key, { date: shift.date, therapistId: shift.therapistId, location, areas: [shift.areaId], start, end, ahead: index.get(shift.date)! - todayIndex });
      }
    }
    days.push(...byKey.values());
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.start - b.start || a.therapistId - b.therapistId));
}

/**
 * The visits of every therapist-day: from the start, each 15-minute step idle with chance `idle`, else the next visit.
 * A therapist at two salons on one date keeps one timeline. Days ahead are booked less the further they are.
 */
function layOut(days: TherapistDay[], menus: Map<string, Menu>, idle: number, seed: number): Slot[][] {
  const rng = random(seed ^ 0x1a40);
  const byDate: Slot[][] = [];
  let date = '';
  let cursor = new Map<number, number>();
  for (const day of days) {
    if (day.date !== date) {
      date = day.date;
      byDate.push([]);
      cursor = new Map();
    }
    const slots = byDate.at(-1)!;
    const keep = day.ahead > 0 ? Math.exp(-day.ahead / 10) : 1;
    let t = Math.max(day.start, cursor.get(day.therapistId) ?? 0);
    while (t + STEP <= day.end) {
      if (rng() < idle) {
        t += STEP;
        continue;
      }
      const areaId = rng.pick(day.areas);
      const menu = menus.get(`${day.therapistId}/${day.location}/${areaId}`);
      const left = day.end - t;
      const first = menu && pickFrom(menu, rng, (item) => item.duration * MINUTE <= left);
      if (!first) break;
      const services = [first];
      if (rng() < RATES.secondLine) {
        const second = pickFrom(menu, rng, (item) => item.id !== first.id && item.gen === first.gen && (first.duration + item.duration) * MINUTE <= left);
        if (second) services.push(second);
      }
      const end = t + services.reduce((sum, item) => sum + item.duration, 0) * MINUTE;
      if (rng() < keep) slots.push({ location: day.location, therapistId: day.therapistId, areaId, start: t, end, services });
      t = end;
    }
    cursor.set(day.therapistId, t);
  }
  for (const slots of byDate) slots.sort((a, b) => a.start - b.start || a.therapistId - b.therapistId);
  return byDate;
}

/** The idle share that lays out about `wanted` visits (fewer visits the more idle steps; bisected). */
function idleFor(days: TherapistDay[], menus: Map<string, Menu>, wanted: number, seed: number): { idle: number; slots: Slot[][] } {
  const count = (slots: Slot[][]) => slots.reduce((sum, day) => sum + day.length, 0);
  let lo = 0;
  let hi = 0.95;
  let best = { idle: 0, slots: layOut(days, menus, 0, seed) };
  if (count(best.slots) <= wanted) return best;
  for (let i = 0; i < 14; i++) {
    const mid = (lo + hi) / 2;
    const slots = layOut(days, menus, mid, seed);
    if (count(slots) > wanted) lo = mid;
    else hi = mid;
    if (Math.abs(count(slots) - wanted) < Math.abs(count(best.slots) - wanted)) best = { idle: mid, slots };
  }
  return best;
}

interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  joinedAt: number;
  /** Set at the first booking. */
  createdAt?: number;
  gender?: number;
  home?: number;
  loyal: boolean;
}

interface QueuedSession {
  customer: number;
  pvId: string;
  left: number;
  readyAt: number;
}

interface Owned {
  customer: number;
  pvId: string;
  serviceId: string;
  total: number;
  used: number;
  createdAt: number;
  updatedAt: number;
}

type Row = Record<string, unknown>;

const COLUMNS = {
  users: { id: 'uuid', email: 'text', phone: 'text', name: 'text', role: 'user_role', created_at: 'timestamptz', updated_at: 'timestamptz' },
  bookings: {
    id: 'uuid',
    customer_id: 'uuid',
    created_by: 'uuid',
    request_hash: 'text',
    location: 'smallint',
    gender: 'smallint',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  appointments: {
    id: 'uuid',
    booking_id: 'uuid',
    customer_id: 'uuid',
    location: 'smallint',
    area_id: 'smallint',
    therapist_id: 'smallint',
    requested_therapist_id: 'smallint',
    starts_at: 'timestamptz',
    ends_at: 'timestamptz',
    status: 'text',
    lines: 'jsonb',
    price: 'numeric',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    cancelled_at: 'timestamptz',
    ics_sequence: 'integer',
    attendance: 'text',
  },
  appointment_events: { appointment_id: 'uuid', actor_id: 'uuid', action: 'text', details: 'jsonb', at: 'timestamptz' },
  therapist_time_off: { id: 'uuid', therapist_id: 'smallint', starts_at: 'timestamptz', ends_at: 'timestamptz', reason: 'text', created_by: 'uuid', created_at: 'timestamptz' },
  meta: { key: 'text', value: 'jsonb', updated_at: 'timestamptz' },
  customer_packages: { customer_id: 'uuid', pv_id: 'uuid', service_id: 'uuid', sessions_total: 'integer', sessions_used: 'integer', created_at: 'timestamptz', updated_at: 'timestamptz' },
} as const;

type Table = keyof typeof COLUMNS;

/** One set-based insert of many rows: the rows travel as one JSON parameter. */
async function insertRows(db: Pick<Db, 'execute'>, table: Table, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    if (chunk.length === 0) return;
    const columns = Object.entries(COLUMNS[table]);
    const names = columns.map(([name]) => name).join(', ');
    const shape = columns.map(([name, type]) => `${name} ${type}`).join(', ');
    await db.execute(sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(${sql.raw(shape)})`);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Writes the history into a database that holds no appointments yet (a new DATA_DIR or database). */
export async function generateHistory(db: Db, options: HistoryOptions): Promise<HistorySummary> {
  const started = performance.now();
  const seed = options.seed ?? 35;
  const now = options.now ?? Date.now();
  const progress = options.onProgress ?? (() => undefined);
  const batchRows = options.batchRows ?? 5000;
  const [existing] = ((await db.execute(sql`select count(*)::int as n from (select 1 from appointments limit 1) a`)) as unknown as { rows: { n: number }[] }).rows;
  if (existing!.n > 0) throw new Error('This database already holds appointments: generate a history into a fresh one (a new DATA_DIR, or an empty DATABASE_URL).');

  // The booking rules read the catalogue the database holds (the owner's, once edited), so the history does too.
  setCatalogSnapshot(await loadCatalogSnapshot(db));
  const today = localDateOf(now);
  const first = nextDate(today, 1 - options.days);
  const last = nextDate(today, options.aheadDays ?? FULL_HISTORY.aheadDays);
  const dates: DateInLocationTz[] = [];
  for (let date = first; date <= last; date = nextDate(date)) dates.push(date);
  const rng = random(seed);
  const historyStart = daySpan(first).start;

  // Staff: two at each front desk, who book, mark, cancel and move at the desk.
  const staffRows: Row[] = [];
  const desk = new Map<number, string[]>();
  for (const { id, slug, name } of LOCATIONS) {
    const ids = [rng.uuid(), rng.uuid()];
    desk.set(id, ids);
    ids.forEach((userId, i) => {
      const at = iso(historyStart - 30 * DAY);
      staffRows.push({ id: userId, email: `front-desk-${slug}-${i + 1}@history.example.com`, phone: null, name: `${name} Front Desk ${i + 1}`, role: 'staff', created_at: at, updated_at: at });
    });
  }
  const deskOf = (location: number) => rng.pick(desk.get(location)!);

  // Time off: a week's vacation and two sick days a year for each therapist.
  const away = new Set<string>();
  const timeOff: Row[] = [];
  const therapists = [...new Set(catalogSnapshot().therapistServices.map((row) => row.therapistId))].sort((a, b) => a - b);
  for (const therapistId of therapists) {
    for (let offset = 0; offset < dates.length; offset += 365) {
      const vacation = dates[Math.min(dates.length - 1, offset + Math.floor(rng() * 358))]!;
      const spells: { from: DateInLocationTz; days: number; reason: string }[] = [{ from: vacation, days: 7, reason: 'Vacation' }];
      for (let i = 0; i < 2; i++) spells.push({ from: dates[Math.min(dates.length - 1, offset + Math.floor(rng() * 365))]!, days: 1, reason: 'Sick day' });
      for (const spell of spells) {
        const to = nextDate(spell.from, spell.days - 1);
        for (let date = spell.from; date <= to; date = nextDate(date)) away.add(`${therapistId} ${date}`);
        const startsAt = daySpan(spell.from).start;
        const createdAt = Math.min(now, startsAt - (spell.reason === 'Vacation' ? 45 * DAY : 8 * HOUR));
        timeOff.push({ id: rng.uuid(), therapist_id: therapistId, starts_at: iso(startsAt), ends_at: iso(daySpan(to).end), reason: spell.reason, created_by: deskOf(1), created_at: iso(createdAt) });
      }
    }
  }

  progress(`laying out ${dates.length} days`);
  const days = await therapistDays(db, dates, today, away);
  const menus = menusOf(seed);
  // Each cancelled time is booked again with chance RATES.rebooked: fewer times than appointments are laid out.
  const cancelled = RATES.cancelledEarly + RATES.cancelledLate;
  const slotCancelled = cancelled / (1 - cancelled * RATES.rebooked);
  const { idle, slots: byDate } = idleFor(days, menus, Math.round(options.appointments / (1 + slotCancelled * RATES.rebooked)), seed);
  const earlyShare = RATES.cancelledEarly / cancelled;
  const noShowChance = RATES.noShow / (1 - cancelled);

  // Customers join at a steady pace; a tenth were the salons' clients before the history starts.
  const customers: Customer[] = [];
  const span = now - historyStart;
  for (let i = 0; i < options.customers; i++) {
    const firstName = rng.pick(FIRST);
    const lastName = rng.pick(LAST);
    const contact = rng();
    const joinedAt = i < options.customers / 10 ? historyStart - DAY : historyStart + ((i - options.customers / 10) / (options.customers * 0.9)) * span;
    customers.push({
      id: rng.uuid(),
      name: `${firstName} ${lastName}`,
      email: contact < 0.85 ? `${firstName}.${lastName}.${i + 1}@${rng.pick(DOMAINS)}`.toLowerCase() : null,
      phone: contact > 0.5 ? `${rng.pick(['212', '646', '718', '917', '347'])}${String(Math.floor(rng() * 10_000_000)).padStart(7, '0')}` : null,
      joinedAt,
      loyal: rng() < 0.25,
    });
  }
  let nextNew = 0;
  /** Customers who have booked, by home salon and gender. */
  const regulars = new Map<string, number[]>();
  let busy = new Map<number, [number, number][]>();
  const isFree = (k: number, start: number, end: number) => !(busy.get(k) ?? []).some(([s, e]) => s < end && start < e);
  const occupy = (k: number, start: number, end: number) => {
    const list = busy.get(k) ?? [];
    list.push([start, end]);
    busy.set(k, list);
  };

  function pickCustomer(gender: number, location: number, start: number, end: number): number {
    for (let tries = 0; tries < 30; tries++) {
      let k: number | undefined;
      if (nextNew < customers.length && customers[nextNew]!.joinedAt <= start && (rng() < 0.5 || tries > 20)) {
        k = nextNew++;
        const customer = customers[k]!;
        customer.gender = gender;
        customer.home = location;
        const key = `${location}/${gender}`;
        const pool = regulars.get(key);
        if (pool) pool.push(k);
        else regulars.set(key, [k]);
      } else {
        const home = rng() < 0.85 ? location : rng.pick(LOCATIONS).id;
        const pool = regulars.get(`${home}/${gender}`) ?? regulars.get(`${location}/${gender}`);
        if (!pool || pool.length === 0) continue;
        // The recent ones more often (a first visit is often followed by a second), the loyal ones whenever drawn.
        const recent = rng() < 0.5;
        const candidate = pool[recent ? Math.min(pool.length - 1, Math.floor(pool.length * (1 - rng() ** 3))) : Math.floor(rng() * pool.length)]!;
        if (!recent && !customers[candidate]!.loyal && rng() < 0.6) continue;
        k = candidate;
      }
      if (isFree(k, start, end)) return k;
    }
    return -1;
  }

  const queues = new Map<string, QueuedSession[]>();
  const owned = new Map<string, Owned>();
  const orders: Row[] = [];
  const packageOffers = new Map<string, { pvId: string; sku: string; sessions: number }[]>();
  for (const item of catalogSnapshot().services) {
    const offers = item.spkg.filter((offer) => offer.pvType === 3 && offer.svcGuid.toLowerCase() === item.id).map((offer) => ({ pvId: offer.pvId.toLowerCase(), sku: offer.pvSku, sessions: offer.pvQtyCombined }));
    if (offers.length > 0) packageOffers.set(item.id, offers);
  }

  function takeQueued(item: ServiceItem, start: number, end: number): QueuedSession | undefined {
    const queue = queues.get(item.id);
    if (!queue) return undefined;
    while (queue.length > 0 && queue[0]!.readyAt + PACKAGE_PATIENCE < start) queue.shift();
    const index = queue.findIndex((entry) => entry.readyAt <= start && isFree(entry.customer, start, end));
    if (index < 0 || rng() > 0.85) return undefined;
    return queue.splice(index, 1)[0];
  }
  const requeue = (item: ServiceItem, entry: QueuedSession) => {
    const queue = queues.get(item.id) ?? [];
    queue.push(entry);
    queues.set(item.id, queue);
  };

  const summary: HistorySummary = {
    from: first,
    to: last,
    customers: options.customers,
    bookings: 0,
    appointments: 0,
    deskAppointments: 0,
    cancelledEarly: 0,
    cancelledLate: 0,
    noShows: 0,
    moved: 0,
    packageOrders: 0,
    packageSessions: 0,
    events: 0,
    idle,
    ms: 0,
  };
  let pending = { users: [] as Row[], bookings: [] as Row[], appointments: [] as Row[], events: [] as Row[] };

  const leadTime = (deskMade: boolean): number => {
    const r = rng();
    if (deskMade && r < 0.25) return rng.between(5, 90) * MINUTE;
    if (r < 0.15) return rng.between(2, 10) * HOUR;
    if (r < 0.7) return rng.between(1, 14) * DAY;
    return rng.between(14, deskMade ? 45 : 60) * DAY;
  };

  const line = (item: ServiceItem, pkgId: string | null): StoredLine => ({
    id: item.id,
    svcId: item.value,
    name: item.name,
    serviceTypeId: item.svcType,
    gen: item.gen,
    duration: item.duration,
    price: pkgId ? 0 : item.price,
    pkgId,
  });

  /** One booking of one or two back-to-back slots at one location, with all that happens to it. */
  function book(group: Slot[], how: { after?: number } = {}): { cancelledAt?: number } {
    const { location } = group[0]!;
    const start = group[0]!.start;
    const end = group.at(-1)!.end;
    const gender = group[0]!.services[0]!.gen;
    const rebook = how.after !== undefined;
    const single = group.length === 1 && group[0]!.services.length === 1 ? group[0]!.services[0]! : undefined;
    const session = single && !rebook ? takeQueued(single, start, end) : undefined;
    const k = session ? session.customer : pickCustomer(gender, location, start, end);
    if (k < 0) return {};
    const customer = customers[k]!;
    const onlineOk = group.every((slot) => slot.services.every((item) => isBookableAt(item.id, location)));
    let deskMade = !onlineOk || rng() < RATES.desk;
    const fate = rng();
    let early = !rebook && fate < slotCancelled * earlyShare;
    let late = !rebook && !early && fate < slotCancelled;

    let created = start - leadTime(deskMade);
    if (early) created = Math.min(created, start - CUTOFF - rng.between(2, 24 * 20) * HOUR);
    if (how.after !== undefined) created = rng.between(how.after + 5 * MINUTE, Math.min(now, start - 10 * MINUTE));
    else if (created > now) created = rng.between(Math.min(now, Math.max(now - 30 * DAY, start - 60 * DAY)), now);
    if (customer.createdAt === undefined) customer.createdAt = Math.max(historyStart - 400 * DAY, created - rng.between(1, 72 * 60) * MINUTE);
    created = Math.max(created, customer.createdAt + MINUTE);
    if (!deskMade && start - created < NOTICE) deskMade = true;
    if (early && start - created < CUTOFF + HOUR) [early, late] = [false, true];

    let cancelledAt: number | undefined;
    let cancelledBy: string | undefined;
    let notified: { at: number; by: string } | undefined;
    if (early) cancelledAt = rng.between(created + HOUR, start - CUTOFF);
    if (late && start - created > 30 * MINUTE) cancelledAt = rng.between(Math.max(created + 10 * MINUTE, start - CUTOFF), start - 15 * MINUTE);
    if (cancelledAt !== undefined && cancelledAt > now) cancelledAt = undefined;
    if (cancelledAt !== undefined) {
      const isEarly = start - cancelledAt >= CUTOFF;
      // Inside the cut-off a customer cannot cancel online unless the salon asked them to move (the desk's notice).
      const byCustomer = isEarly ? rng() < 0.8 : customer.email !== null && rng() < 0.25;
      if (byCustomer && !isEarly) notified = { at: rng.between(Math.max(created, cancelledAt - 12 * HOUR), cancelledAt - MINUTE), by: deskOf(location) };
      cancelledBy = byCustomer ? customer.id : deskOf(location);
      if (isEarly) summary.cancelledEarly += group.length;
      else summary.cancelledLate += group.length;
    }
    const kept = cancelledAt === undefined;
    const actor = deskMade ? deskOf(location) : customer.id;

    // A package: a session queued for this service, or bought now (its first session this visit, or the next).
    let pkgId = session?.pvId ?? null;
    if (single && kept && !session && !rebook && packageOffers.has(single.id) && rng() < RATES.packageBought) {
      const offer = rng.pick(packageOffers.get(single.id)!);
      const paidAt = Math.max(customer.createdAt + MINUTE, created - rng.between(10, 3 * 24 * 60) * MINUTE);
      orders.push({
        key: `shop-order:shopify:${5_200_000_000 + orders.length}`,
        value: { customerId: customer.id, lines: [{ pvId: offer.pvId, sku: offer.sku, sessions: offer.sessions }], name: `#${1001 + orders.length}` },
        updated_at: iso(paidAt),
      });
      const ownedKey = `${k} ${offer.pvId}`;
      const held = owned.get(ownedKey);
      if (held) {
        held.total += offer.sessions;
        held.updatedAt = Math.max(held.updatedAt, paidAt);
      } else owned.set(ownedKey, { customer: k, pvId: offer.pvId, serviceId: single.id, total: offer.sessions, used: 0, createdAt: paidAt, updatedAt: paidAt });
      summary.packageOrders++;
      const useNow = rng() < 0.7;
      if (useNow) pkgId = offer.pvId;
      const left = offer.sessions - (useNow ? 1 : 0);
      if (left > 0) requeue(single, { customer: k, pvId: offer.pvId, left, readyAt: start + rng.between(21, 42) * DAY });
    } else if (session) {
      // Used if the visit is kept; given back when it is cancelled (refundSession), to be booked again.
      if (kept && session.left > 1) requeue(single!, { ...session, left: session.left - 1, readyAt: start + rng.between(21, 42) * DAY });
      if (!kept) requeue(single!, { ...session, readyAt: start + rng.between(1, 10) * DAY });
    }
    if (pkgId && kept) {
      const held = owned.get(`${k} ${pkgId}`)!;
      held.used++;
      held.updatedAt = Math.max(held.updatedAt, created);
      summary.packageSessions++;
    }

    const bookingId = rng.uuid();
    const lines = group.map((slot) => slot.services.map((item) => line(item, pkgId)));
    pending.bookings.push({
      id: bookingId,
      customer_id: customer.id,
      created_by: deskMade ? actor : null,
      request_hash: createHash('sha256').update(JSON.stringify([customer.id, location, gender, lines])).digest('hex'),
      location,
      gender,
      created_at: iso(created),
      updated_at: iso(created),
    });
    summary.bookings++;
    if (deskMade) summary.deskAppointments += group.length;
    const noShow = kept && end <= now && rng() < noShowChance;
    const unmarked = kept && !noShow && rng() < RATES.unmarked;
    const moved = kept && rng() < RATES.moved;

    group.forEach((slot, i) => {
      const id = rng.uuid();
      const events: Row[] = [];
      const event = (action: string, by: string, at: number, details: Row) => events.push({ appointment_id: id, actor_id: by, action, details, at: iso(at) });
      let bookedStart = slot.start;
      let updated = created;
      if (moved && i === 0) {
        const latest = Math.min(now, slot.start - (deskMade ? HOUR : CUTOFF));
        if (latest > created + MINUTE) {
          const at = rng.between(created + MINUTE, latest);
          const shift = (1 + Math.floor(rng() * 7)) * DAY * (rng() < 0.5 && slot.start - 7 * DAY > at ? -1 : 1);
          bookedStart = slot.start + shift;
          event('moved', deskMade ? actor : customer.id, at, { from: { start: iso(bookedStart), therapistId: slot.therapistId }, to: { start: iso(slot.start), therapistId: slot.therapistId } });
          updated = at;
          summary.moved++;
        }
      }
      event('booked', actor, created, { start: iso(bookedStart), therapistId: slot.therapistId });
      let attendance: string | null = null;
      if (kept) {
        occupy(k, slot.start, slot.end);
        if (noShow) {
          attendance = 'no_show';
          const at = Math.min(now, slot.start + rng.between(15, 60) * MINUTE);
          event('attendance', deskOf(location), at, { from: null, to: 'no_show' });
          updated = at;
          summary.noShows++;
        } else if (slot.start <= now && !unmarked) {
          const desk = deskOf(location);
          const arrived = slot.start - rng.between(-5, 10) * MINUTE;
          const done = slot.end + rng.between(0, 15) * MINUTE;
          attendance = done <= now ? 'completed' : 'checked_in';
          event('attendance', desk, Math.min(arrived, now), { from: null, to: 'checked_in' });
          if (done <= now) event('attendance', desk, done, { from: 'checked_in', to: 'completed' });
          updated = Math.min(done, now);
        }
      } else {
        if (notified) event('notified', notified.by, notified.at, { to: customer.email });
        event('cancelled', cancelledBy!, cancelledAt!, { start: iso(slot.start), therapistId: slot.therapistId });
        updated = cancelledAt!;
      }
      events.sort((a, b) => (a.at as string).localeCompare(b.at as string));
      pending.events.push(...events);
      summary.events += events.length;
      pending.appointments.push({
        id,
        booking_id: bookingId,
        customer_id: customer.id,
        location,
        area_id: slot.areaId,
        therapist_id: slot.therapistId,
        requested_therapist_id: rng() < 0.6 ? 0 : slot.therapistId,
        starts_at: iso(slot.start),
        ends_at: iso(slot.end),
        status: kept ? 'booked' : 'cancelled',
        lines: lines[i],
        price: lines[i]!.reduce((sum, l) => sum + l.price, 0),
        created_at: iso(created),
        updated_at: iso(updated),
        cancelled_at: kept ? null : iso(cancelledAt!),
        ics_sequence: (bookedStart !== slot.start ? 1 : 0) + (kept ? 0 : 1),
        attendance,
      });
      summary.appointments++;
    });
    if (!pendingUsers.has(k) && !insertedUsers.has(k)) {
      pendingUsers.add(k);
      pending.users.push(userRow(customer));
    }
    return { cancelledAt };
  }

  const pendingUsers = new Set<number>();
  const insertedUsers = new Set<number>();
  const userRow = (customer: Customer): Row => {
    const at = iso(customer.createdAt ?? customer.joinedAt);
    return { id: customer.id, email: customer.email, phone: customer.phone, name: customer.name, role: 'customer', created_at: at, updated_at: at };
  };

  async function flush(tx: Pick<Db, 'execute'>) {
    await insertRows(tx, 'users', pending.users);
    for (const k of pendingUsers) insertedUsers.add(k);
    pendingUsers.clear();
    await insertRows(tx, 'bookings', pending.bookings);
    await insertRows(tx, 'appointments', pending.appointments);
    await insertRows(tx, 'appointment_events', pending.events);
    pending = { users: [], bookings: [], appointments: [], events: [] };
  }

  await db.transaction(async (tx) => {
    const handle = tx;
    await insertRows(handle, 'users', staffRows);
    await insertRows(handle, 'therapist_time_off', timeOff);
    let written = 0;
    for (const slots of byDate) {
      busy = new Map();
      const taken = new Set<Slot>();
      const startingAt = new Map<number, Slot[]>();
      for (const slot of slots) startingAt.set(slot.start, [...(startingAt.get(slot.start) ?? []), slot]);
      for (const slot of slots) {
        if (taken.has(slot)) continue;
        taken.add(slot);
        const group = [slot];
        if (rng() < RATES.twoAreas) {
          const next = (startingAt.get(slot.end) ?? []).find(
            (other) => !taken.has(other) && other.location === slot.location && other.therapistId !== slot.therapistId && other.areaId !== slot.areaId && other.services[0]!.gen === slot.services[0]!.gen,
          );
          if (next) {
            taken.add(next);
            group.push(next);
          }
        }
        const { cancelledAt } = book(group);
        if (cancelledAt !== undefined && group.length === 1 && rng() < RATES.rebooked && cancelledAt + 5 * MINUTE < Math.min(now, slot.start - 10 * MINUTE)) {
          book(group, { after: cancelledAt });
        }
      }
      if (pending.appointments.length >= batchRows) {
        written += pending.appointments.length;
        await flush(handle);
        progress(`${written} appointments written`);
      }
    }
    await flush(handle);
    // The customers who signed up and never booked.
    const never = customers.flatMap((customer, k) => (insertedUsers.has(k) ? [] : [userRow({ ...customer, createdAt: Math.min(now, customer.joinedAt) })]));
    await insertRows(handle, 'users', never);
    await insertRows(handle, 'meta', orders);
    await insertRows(
      handle,
      'customer_packages',
      [...owned.values()].map((held) => ({
        customer_id: customers[held.customer]!.id,
        pv_id: held.pvId,
        service_id: held.serviceId,
        sessions_total: held.total,
        sessions_used: held.used,
        created_at: iso(held.createdAt),
        updated_at: iso(held.updatedAt),
      })),
    );
  });
  progress('analyzing');
  await db.execute(sql`analyze`);
  summary.ms = Math.round(performance.now() - started);
  return summary;
}
