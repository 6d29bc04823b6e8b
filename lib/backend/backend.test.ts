import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { apiHandler } from '@/lib/api';
import { sessionCookieName } from '@/lib/auth/cookies';
import { createSession } from '@/lib/auth/session';
import { listAppointments, readAppointment } from '@/lib/booking/handlers';
import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { allServiceItems } from '@/lib/catalog/catalog';
import { appointments, closeDb, getDb } from '@/lib/db';
import { parseEnv } from '@/lib/env';
import { authCookieValue } from '@/lib/persistence/auth';
import { setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { embeddedBackend } from './embedded';
import { backend, chooseBackend, type Backend } from './index';
import { upstreamBackend } from './upstream';

jest.setTimeout(120_000);
createTempDataDir('backend-');
afterAll(closeDb);

/**
 * The upstream is this site's own embedded backend behind a local server, as docs/deploy.md ships it: the front's
 * calls reach the embedded API's handlers, which read the same database (the front side never opens it).
 */
const upstream = setUpFakeUpstream();
const listRoute = apiHandler<{ customerId: string }>((request, { params }) => listAppointments(request, params));
const readRoute = apiHandler<{ customerId: string; cid: string }>((request, { params }) => readAppointment(request, params));

function embeddedApi(request: IncomingMessage, response: ServerResponse): void {
  const front = process.env.SALON_API_URL;
  // This process plays the upstream while the front waits for its answer: the upstream has no SALON_API_URL.
  delete process.env.SALON_API_URL;
  const url = request.url ?? '/';
  const incoming = new Request(new URL(url, 'http://localhost:3000'), { headers: request.headers as Record<string, string> });
  const [, , , customerId, cid] = new URL(url, 'http://x').pathname.split('/');
  const answered = cid ? readRoute(incoming, { params: Promise.resolve({ customerId: customerId!, cid }) }) : listRoute(incoming, { params: Promise.resolve({ customerId: customerId! }) });
  process.env.SALON_API_URL = front;
  void answered.then(async (answer) => {
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(await answer.text());
  });
}

interface Customer {
  id: string;
  bookingId: string;
  session: string;
  profile: string;
}

let visits = 0;
const wax = allServiceItems().find((item) => item.areaId === 1)!;

/** A customer with one visit (each on its own day: one therapist sees them all), a session and the readable profile. */
async function customerWithBooking(): Promise<Customer> {
  const db = await getDb();
  const id = await insertUser(db);
  visits += 1;
  const bookingId = await insertAppointment(db, { customerId: id, therapistId: 1, start: `2026-11-${String(visits).padStart(2, '0')}T15:00:00Z`, minutes: 30 });
  // A visit of one service, as the booking rules store it (the fixture stores none).
  const line = { id: wax.id, svcId: wax.value, name: wax.name, serviceTypeId: wax.svcType, gen: wax.gen, duration: wax.duration, price: 25, pkgId: null };
  await db.update(appointments).set({ lines: [line] }).where(eq(appointments.bookingId, bookingId));
  const { token } = await createSession(db, id);
  const profile = `BnpAuth=${authCookieValue({ id, name: `User ${id.slice(0, 4)}`, email: `${id}@example.com` })}`;
  return { id, bookingId, session: `${sessionCookieName()}=${token}`, profile };
}

const asked = (cookie: string) => new Request('http://localhost:3000/account/', { headers: { cookie, 'x-bnp-client-address': '203.0.113.9' } });

function use(chosen: Backend): Backend {
  if (chosen === embeddedBackend) delete process.env.SALON_API_URL;
  else process.env.SALON_API_URL = upstream.base;
  upstream.reply = embeddedApi;
  return chosen;
}

describe('the backend is chosen once, from the environment', () => {
  it('is the embedded one without SALON_API_URL and the upstream one with it, the same object on every call', () => {
    expect(chooseBackend(parseEnv({ NODE_ENV: 'test' }))).toBe(embeddedBackend);
    expect(chooseBackend(parseEnv({ NODE_ENV: 'test', SALON_API_URL: 'http://10.0.0.5:3000' }))).toBe(upstreamBackend);
    delete process.env.SALON_API_URL;
    expect(backend()).toBe(embeddedBackend);
    expect(backend()).toBe(backend());
    process.env.SALON_API_URL = upstream.base;
    expect(backend()).toBe(upstreamBackend);
  });

  it('says what only the database’s instance has: the desk, mail, account details', () => {
    expect(embeddedBackend.can).toEqual({ desk: true, mail: true, accountDetails: true });
    expect(upstreamBackend.can).toEqual({ desk: false, mail: false, accountDetails: false });
  });

  it('answers the API here, or forwards it to the same path upstream', async () => {
    const local = jest.fn(async () => new Response('here'));
    use(embeddedBackend);
    expect(await (await embeddedBackend.answer(new Request('http://localhost:3000/api/locations/ui/'), local)).text()).toBe('here');
    use(upstreamBackend);
    upstream.reply = (_request, response) => response.end('{"from":"upstream"}');
    expect(await (await upstreamBackend.answer(new Request('http://localhost:3000/api/locations/ui/'), local)).json()).toEqual({ from: 'upstream' });
    expect(local).toHaveBeenCalledTimes(1);
    expect(upstream.seen.map((seen) => seen.url)).toEqual(['/api/locations/ui/']);
  });
});

/** The same customer, cookies and database through either door: the same answers. */
describe.each([
  ['embedded', embeddedBackend],
  ['upstream', upstreamBackend],
] as const)('the %s backend keeps the contract', (_name, chosen) => {
  it('reads the signed-in customer’s booking, and only theirs', async () => {
    const customer = await customerWithBooking();
    const other = await customerWithBooking();
    const cookie = `${customer.session}; ${customer.profile}`;
    const found = await use(chosen).customerBooking(customer.bookingId.toUpperCase(), asked(cookie));
    expect(found).toMatchObject({ kind: 'found', user: { id: customer.id, name: `User ${customer.id.slice(0, 4)}`, email: `${customer.id}@example.com` } });
    expect(found.kind === 'found' && found.booking.header.aptId).toBe(customer.bookingId);
    expect(found.kind === 'found' && found.booking.appointments.map((a) => a.status)).toEqual(['booked']);
    expect(await chosen.customerBooking(other.bookingId, asked(cookie))).toEqual({ kind: 'not-found' });
    expect(await chosen.customerBooking('not-a-booking', asked(cookie))).toEqual({ kind: 'not-found' });
  });

  it('is signed out without a session, whatever the readable profile says', async () => {
    const customer = await customerWithBooking();
    expect(await use(chosen).customerBooking(customer.bookingId, asked(customer.profile))).toEqual({ kind: 'signed-out' });
    expect(await chosen.customerBooking(customer.bookingId, asked(''))).toEqual({ kind: 'signed-out' });
    expect(await chosen.buyer(asked(customer.profile))).toBeNull();
  });

  it('names the buyer of a checkout by the confirmed session', async () => {
    const customer = await customerWithBooking();
    expect(await use(chosen).buyer(asked(`${customer.session}; ${customer.profile}`))).toEqual({ userId: customer.id, email: `${customer.id}@example.com` });
  });

  it('finds no staff invitation behind a link it does not know', async () => {
    expect(await use(chosen).links.invitation('x'.repeat(43))).toEqual({ state: 'not_valid' });
  });
});

it('gives the same booking through either door', async () => {
  const customer = await customerWithBooking();
  const request = () => asked(`${customer.session}; ${customer.profile}`);
  const here = await use(embeddedBackend).customerBooking(customer.bookingId, request());
  const there = await use(upstreamBackend).customerBooking(customer.bookingId, request());
  expect(here.kind).toBe('found');
  expect(there).toEqual(here);
});
