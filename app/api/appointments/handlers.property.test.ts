import fc from 'fast-check';
import { GET as SLOTS } from '@/app/api/slots/[location]/[areaId]/[therapistId]/[date]/[duration]/route';
import { GET as LIST, POST as CREATE } from '@/app/api/appointments/[customerId]/route';
import { GET as READ, PUT as UPDATE } from '@/app/api/appointments/[customerId]/[cid]/route';
import { POST as BOF } from '@/app/api/appointments/bof/[customerId]/route';
import { closeDb, getDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { cardFor } from '@/lib/booking/test-support/cards';
import { ORIGIN, signedIn } from '@/lib/booking/test-support/fixtures';
import { localDateOf, nextDate, weekdayOf, type DateInLocationTz } from '@/lib/booking/dates';
import { federalHolidays } from '@/lib/desk/holidays';

jest.setTimeout(600_000);
createTempDataDir('salon-booking-property-');
afterAll(closeDb);

/**
 * A Monday about two months ahead, it and the next two days open: inside the booking horizon (lib/booking/horizon.ts)
 * on whatever day the tests run.
 */
const MONDAY = (() => {
  const holiday = (day: DateInLocationTz) => federalHolidays(Number(day.slice(0, 4))).some((h) => h.date === day);
  let day = nextDate(localDateOf(Date.now()), 60);
  while (weekdayOf(day) !== 1 || [0, 1, 2].some((n) => holiday(nextDate(day, n)))) day = nextDate(day);
  return day;
})();

type AnyHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let customer: { userId: string; cookie: string };
let staff: { userId: string; cookie: string };
let bookingId: string;

async function createBooking(date: string): Promise<string> {
  const response = await (CREATE as unknown as AnyHandler)(
    new Request(`${ORIGIN}/api/appointments/${customer.userId}/`, {
      method: 'POST',
      body: JSON.stringify(cardFor([{ therapist: 1, date }])),
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: customer.cookie },
    }),
    { params: Promise.resolve({ customerId: customer.userId }) },
  );
  expect(response.status).toBe(201);
  return (await response.json()).header.aptId;
}

beforeAll(async () => {
  const db = await getDb();
  customer = await signedIn(db);
  staff = await signedIn(db, 'staff');
  bookingId = await createBooking(`${MONDAY} 10:00`);
});

const weird = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('', '0', '-1', '1e9', 'NaN', '../..', '%00', '{}', 'null', ' 1', '１', 'x'.repeat(5000)),
  fc.uuid().map((u) => `{${u}}`),
  fc.integer().map(String),
);
const id = () => fc.oneof(fc.constant(customer.userId), fc.constant(staff.userId), fc.constant(bookingId), fc.uuid(), weird);

const validCard = () => cardFor([{ therapist: 0, date: `${nextDate(MONDAY)} 11:00` }]) as unknown as Record<string, unknown>;

/** A valid card with one field (at any depth) replaced by anything. */
const mutatedCard = fc
  .tuple(fc.constantFrom('header', 'header.location', 'header.gender', 'header.customerId', 'header.status', 'svcAreas', 'svcAreas.0', 'svcAreas.0.areaId', 'svcAreas.0.svcTherapist', 'svcAreas.0.svcDate', 'svcAreas.0.svcNote', 'svcAreas.0.svcTypes', 'svcAreas.0.svcTypes.0.svcTypeId', 'svcAreas.0.svcTypes.0.svcArray', 'svcAreas.0.svcTypes.0.svcArray.0.id', 'svcAreas.0.svcTypes.0.svcArray.0.pkgId', 'svcAreas.0.svcTypes.0.svcArray.0.isPackage', 'svcAreas.0.svcTypes.0.svcArray.0.areaId', 'pkgAvailable'), fc.anything())
  .map(([path, value]) => {
    const card = validCard();
    const keys = path.split('.');
    let node = card as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys.at(-1)!] = value;
    return JSON.stringify(card);
  });

const body = fc.oneof(
  mutatedCard,
  fc.json(),
  fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'),
  fc.string(),
  fc.constant(JSON.stringify(validCard())),
  fc.constant(JSON.stringify({ header: { status: '2' }, svcAreas: [] })),
);

const cookie = () =>
  fc.oneof(
    fc.constant(undefined),
    fc.constant(customer.cookie),
    fc.constant(staff.cookie),
    weird.map((w) => `bnp_session=${encodeURIComponent(w)}`),
    weird.map((w) => `BnpAuth=${encodeURIComponent(w)}`),
    fc.string(),
  );

const headers = () =>
  fc.record(
    {
      cookie: cookie(),
      'content-type': fc.oneof(fc.constant('application/json'), fc.constant('text/plain'), fc.string()),
      origin: fc.oneof(fc.constant(ORIGIN), fc.constant('https://evil.example'), fc.string()),
      'idempotency-key': fc.oneof(fc.string(), fc.stringMatching(/^[a-z0-9-]{8,20}$/)),
    },
    { requiredKeys: [] },
  );

function cleanHeaders(raw: Record<string, string | undefined>): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    try {
      result.set(name, value);
    } catch {
      // A value fetch itself refuses (a newline, a non-Latin-1 character) never reaches a handler.
    }
  }
  return result;
}

async function statusOf(handler: unknown, method: string, params: Record<string, string>, rawHeaders: Record<string, string | undefined>, text?: string): Promise<number> {
  const request = new Request(`${ORIGIN}/api/test/`, { method, headers: cleanHeaders(rawHeaders), body: text });
  const response = await (handler as AnyHandler)(request, { params: Promise.resolve(params) });
  await response.arrayBuffer();
  return response.status;
}

const RUNS = Number(process.env.PROPERTY_RUNS ?? 400);

describe('the booking handlers never answer 5xx', () => {
  it('GET slots with any params', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          location: fc.oneof(fc.constantFrom('1', '2', '3', '4', 'soho', 'nolita'), weird),
          areaId: fc.oneof(fc.integer({ min: -2, max: 8 }).map(String), weird),
          therapistId: fc.oneof(fc.constantFrom('0', '1', '2', '7', '26'), weird),
          date: fc.oneof(fc.date({ min: new Date('2025-01-01'), max: new Date('2028-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), weird),
          duration: fc.oneof(fc.integer({ min: -15, max: 700 }).map(String), weird),
        }),
        headers(),
        async (params, rawHeaders) => {
          expect(await statusOf(SLOTS, 'GET', params, rawHeaders)).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['GET list', LIST, 'GET'],
    ['POST create', CREATE, 'POST'],
    ['POST back office', BOF, 'POST'],
  ])('%s with any params, cookies and bodies', async (_name, handler, method) => {
    await fc.assert(
      fc.asyncProperty(id(), headers(), body, async (customerId, rawHeaders, text) => {
        expect(await statusOf(handler, method, { customerId }, rawHeaders, method === 'GET' ? undefined : text)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['GET one', READ, 'GET'],
    ['PUT update', UPDATE, 'PUT'],
  ])('%s with any params, cookies and bodies', async (_name, handler, method) => {
    await fc.assert(
      fc.asyncProperty(id(), id(), headers(), body, async (customerId, cid, rawHeaders, text) => {
        expect(await statusOf(handler, method, { customerId, cid }, rawHeaders, method === 'GET' ? undefined : text)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  // Most random headers stop at the Origin or session check; these runs send the customer's own good headers so that
  // every body reaches the parser and the booking rules.
  it.each([
    ['POST create', CREATE],
    ['PUT update', UPDATE],
  ])('%s from the signed-in customer with any body', async (_name, handler) => {
    const statuses = new Set<number>();
    // The earlier random runs may have cancelled the shared booking; updates aim at one of their own.
    const target = handler === CREATE ? bookingId : await createBooking(`${nextDate(MONDAY, 2)} 10:00`);
    await fc.assert(
      fc.asyncProperty(body, fc.option(fc.stringMatching(/^[a-z0-9-]{8,12}$/), { nil: undefined }), async (text, key) => {
        const good = { cookie: customer.cookie, 'content-type': 'application/json', origin: ORIGIN, 'idempotency-key': key };
        const status = await statusOf(handler, handler === CREATE ? 'POST' : 'PUT', { customerId: customer.userId, cid: target }, good, text);
        statuses.add(status);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    // The bodies got past the door: validation errors and real answers, not only 401/403.
    expect([...statuses].some((s) => s === 422)).toBe(true);
    expect([...statuses].some((s) => s < 300 || s === 416)).toBe(true);
  });
});
