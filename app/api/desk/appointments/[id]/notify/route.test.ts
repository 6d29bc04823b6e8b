import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { POST as REASSIGN } from '../../../day/[location]/[date]/reassign/route';
import { POST as NOTIFY } from './route';

/**
 * The 'to resolve' list's own routes (lib/desk/to-resolve-handlers.ts): staff only, the role checked before the
 * parameters (a visitor 401, a customer 403 even for an id or a location that does not exist), bad input a 4xx with a
 * sentence. What they do is proven in lib/desk/to-resolve.test.ts and e2e/desk-sick-day.spec.ts.
 */
jest.setTimeout(60_000);
createTempDataDir('salon-to-resolve-routes-');
afterAll(closeDb);

const ID = '00000000-0000-4000-8000-0000000000a1';
const notify = async (id: string, cookie?: string) => {
  const response = await callRoute(NOTIFY, { id }, { path: `/api/desk/appointments/${id}/notify/`, ...jsonInit('POST', {}, cookie) });
  return { status: response.status, body: await response.json() };
};
const reassign = async (location: string, date: string, cookie?: string) => {
  const response = await callRoute(REASSIGN, { location, date }, { path: `/api/desk/day/${location}/${date}/reassign/`, ...jsonInit('POST', {}, cookie) });
  return { status: response.status, body: await response.json() };
};

describe('POST /api/desk/appointments/{id}/notify/ and /api/desk/day/{location}/{date}/reassign/', () => {
  it('answer a visitor 401 and a customer 403 before reading anything', async () => {
    const customer = await signedIn(await getDb(), 'customer');
    expect((await notify('not-an-id')).status).toBe(401);
    expect((await notify('not-an-id', customer.cookie)).status).toBe(403);
    expect((await reassign('paris', 'tomorrow')).status).toBe(401);
    expect((await reassign('paris', 'tomorrow', customer.cookie)).status).toBe(403);
  });

  it('answer staff a sentence for a bad id, an unknown visit, an unknown location or a date that is not a day', async () => {
    const staff = await signedIn(await getDb(), 'staff');
    expect((await notify('not-an-id', staff.cookie)).status).toBe(400);
    expect(await notify(ID, staff.cookie)).toEqual({ status: 404, body: { error: expect.objectContaining({ message: 'No such booked visit: it may have been cancelled.' }) } });
    expect((await reassign('soho', '2031-02-30', staff.cookie)).status).toBe(400);
    expect(await reassign('paris', '2031-03-04', staff.cookie)).toEqual({ status: 404, body: { error: expect.objectContaining({ message: "Unknown location 'paris'." }) } });
    // A day with nothing to resolve: nothing moves.
    expect(await reassign('soho', '2031-03-04', staff.cookie)).toEqual({ status: 200, body: { moved: 0, left: [], message: 'No visit was reassigned.' } });
  });
});
