import { answerJson, setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { appointmentView } from './test-support/appointment-view';
import { upstreamBooking, upstreamBookings } from './upstream-bookings';

const upstream = setUpFakeUpstream();

const CUSTOMER = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const BOOKING = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const PKG = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const incoming = new Headers({ cookie: 'bnp_session=tok', 'x-bnp-client-address': '203.0.113.9' });

/** A booked card as this site's API answers it (lib/booking/appointments/read.ts toCard). */
const card = {
  header: { url: '', customerId: CUSTOMER, aptId: BOOKING, location: '1', gender: '0', customerType: 0, status: '1', source: '8' },
  svcAreas: [
    {
      areaId: 1,
      svcTherapist: 2,
      svcDate: '2026-12-01T16:00:00.000Z',
      svcNote: '',
      svcTypes: [
        {
          svcTypeId: 2,
          svcArray: [
            {
              pkgId: null,
              packageType: 0,
              qtyFulfilled: 0,
              qtyCombined: 0,
              svcId: '101',
              duration: 30,
              isPackage: false,
              isOrdered: true,
              serviceTypeId: 2,
              gen: 0,
              id: 'c0ffee00-0000-4000-8000-000000000001',
              areaId: 1,
            },
          ],
        },
      ],
    },
  ],
  pkgAreas: [],
  pkgAvailable: [],
  appointments: [appointmentView()],
};

describe('upstreamBookings / upstreamBooking (proxy mode)', () => {
  it("reads the upstream's list with the visitor's cookies, as the account page needs it", async () => {
    upstream.reply = answerJson(200, { customerId: CUSTOMER, cards: [card], pkgAvailable: [{ pkgId: PKG, isPkgUsed: false }] });
    const answer = await upstreamBookings(CUSTOMER, incoming);
    expect(answer).toMatchObject({ kind: 'found', value: { cards: [{ header: { aptId: BOOKING }, appointments: [{ areaName: 'Hair Removal', status: 'booked' }] }], pkgAvailable: [{ pkgId: PKG }] } });
    expect(upstream.seen[0]).toMatchObject({ method: 'GET', url: `/api/appointments/${CUSTOMER}/` });
    expect(upstream.seen[0]?.headers.cookie).toBe('bnp_session=tok');
  });

  it('reads one booking, and tells 401 (signed out) from 403 (not yours)', async () => {
    upstream.reply = answerJson(200, card);
    expect(await upstreamBooking(CUSTOMER, BOOKING, incoming)).toMatchObject({ kind: 'found', value: { header: { aptId: BOOKING } } });
    expect(upstream.seen[0]?.url).toBe(`/api/appointments/${CUSTOMER}/${BOOKING}/`);
    upstream.reply = answerJson(401, { error: { code: 'unauthorized', message: 'Please sign in.' } });
    expect(await upstreamBooking(CUSTOMER, BOOKING, incoming)).toEqual({ kind: 'signed-out', status: 401 });
    upstream.reply = answerJson(403, { error: { code: 'forbidden', message: 'You can only reach your own appointments.' } });
    expect(await upstreamBooking(CUSTOMER, BOOKING, incoming)).toEqual({ kind: 'signed-out', status: 403 });
  });

  it('answers unavailable for an answer in another shape', async () => {
    upstream.reply = answerJson(200, { ...card, appointments: [{ ...card.appointments[0], start: 'tomorrow' }] });
    expect(await upstreamBooking(CUSTOMER, BOOKING, incoming)).toEqual({ kind: 'unavailable', reason: 'The salon service sent an answer that could not be read.' });
  });
});
