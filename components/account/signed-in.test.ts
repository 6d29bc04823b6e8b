import { authCookieValue } from '@/lib/persistence/auth';
import { answerJson, setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { appointmentView } from '@/lib/booking/test-support/appointment-view';
import { signedInCustomer } from './signed-in';

/**
 * The account's door to the signed-in customer, in proxy mode (the upstream answers in the specification's shape):
 * the components get the bookings named and nothing of the wire card. next/headers stands for the page's request.
 */

const upstream = setUpFakeUpstream();

const CUSTOMER = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const BOOKING = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const PACKAGE = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const profile = authCookieValue({ id: CUSTOMER, name: 'Up Stream', email: 'up@example.com' });
let incoming = new Headers();
jest.mock('next/headers', () => ({
  headers: async () => incoming,
  cookies: async () => ({ get: (name: string) => (name === 'BnpAuth' ? { name, value: profile } : undefined) }),
}));

const appointment = appointmentView();
const wireCard = {
  header: { url: '', customerId: CUSTOMER, aptId: BOOKING, location: '2', gender: '1', customerType: 0, status: '1', source: '8' },
  svcAreas: [],
  appointments: [appointment],
};

beforeEach(() => {
  incoming = new Headers({ cookie: `bnp_session=tok; BnpAuth=${profile}` });
});

describe('signedInCustomer', () => {
  it('gives the bookings named, and nothing of the wire card', async () => {
    upstream.reply = answerJson(200, { cards: [wireCard], pkgAvailable: [{ pkgId: PACKAGE, isPkgUsed: false }] });
    const customer = await signedInCustomer();
    expect(upstream.seen.map((seen) => seen.url)).toEqual([`/api/appointments/${CUSTOMER}/`]);
    expect(Object.keys(customer ?? {}).sort()).toEqual(['bookings', 'packages', 'salonAsked', 'user']);
    expect(customer?.user).toEqual({ id: CUSTOMER, name: 'Up Stream', email: 'up@example.com' });
    expect(customer?.bookings).toEqual([{ card: expect.objectContaining({ appointmentId: BOOKING, location: 2, gender: 'men', status: 'booked' }), appointments: [appointment] }]);
    expect(customer?.packages).toEqual([{ pkgId: PACKAGE, serviceId: null, sessionsLeft: null, sessionsTotal: null, hasSessionsLeft: true }]);
    // The specification's names (the wire card's header, svcAreas, aptId) appear nowhere in what the components read.
    expect(JSON.stringify(customer)).not.toMatch(/"(cards|header|svcAreas|pkgAreas|aptId)"/);
  });

  it('is null signed out (the upstream says 401)', async () => {
    upstream.reply = answerJson(401, { error: { code: 'unauthorized', message: 'Please sign in.' } });
    expect(await signedInCustomer()).toBeNull();
  });
});
