import { authCookieValue } from '@/lib/persistence/auth';
import { answerJson, setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { bookingIcs } from '@/lib/calendar/booking-ics';
import { appointmentView } from '@/lib/booking/test-support/appointment-view';
import { GET } from './route';

/** The calendar file in proxy mode: the booking comes from the upstream's read call, with the visitor's cookies. */

const upstream = setUpFakeUpstream();

// The file's DTSTAMP is the time it is written. Only the clock stops: the fake upstream's sockets keep their timers.
const NOW = new Date('2026-11-20T12:00:00Z');
const stopTheClock = () => jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask'] });
afterEach(() => jest.useRealTimers());

const CUSTOMER = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const BOOKING = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const cookie = `bnp_session=tok; BnpAuth=${authCookieValue({ id: CUSTOMER, name: 'Up Stream', email: 'up@example.com' })}`;
const card = {
  header: { url: '', customerId: CUSTOMER, aptId: BOOKING, location: '1', gender: '0', customerType: 0, status: '1', source: '8' },
  svcAreas: [],
  appointments: [appointmentView()],
};

const get = (withCookie = cookie, cid = BOOKING) =>
  GET(new Request(`http://localhost:3000/booking/confirmation/${cid}/calendar/`, { headers: withCookie ? { cookie: withCookie } : {} }), { params: Promise.resolve({ cid }) });

describe('GET /booking/confirmation/{id}/calendar/ in proxy mode', () => {
  it("answers the upstream's booking as an .ics file", async () => {
    upstream.reply = answerJson(200, card);
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect((await answer.text()).match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(upstream.seen[0]).toMatchObject({ method: 'GET', url: `/api/appointments/${CUSTOMER}/${BOOKING}/` });
    expect(upstream.seen[0]?.headers.cookie).toBe(cookie);
  });

  it("writes the booking's file byte for byte: its events at the salon's address, named by the booking", async () => {
    stopTheClock();
    upstream.reply = answerJson(200, card);
    const answer = await get();
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="appointment-9a8b7c6d.ics"');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(await answer.text()).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Bare & Polished NYC//Booking//EN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:c0ffee00-0000-4000-8000-000000000002@bookings.salon',
        'SEQUENCE:0',
        'DTSTAMP:20261120T120000Z',
        'DTSTART:20261201T160000Z',
        'DTEND:20261201T163000Z',
        'SUMMARY:Brows at Bare & Polished NYC',
        'LOCATION:131 Spring Street\\, 2nd Floor\\, New York\\, NY 10012',
        'DESCRIPTION:Hair Removal with Ann Lee\\, Bare & Polished NYC SoHo\\, (212) 5',
        ' 55-0148',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'TRIGGER:-PT2H',
        'DESCRIPTION:Brows at Bare & Polished NYC',
        'END:VALARM',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('writes the file of each salon the booking names, as bookingIcs writes it for that location', async () => {
    stopTheClock();
    for (const location of [1, 2, 3, 4]) {
      upstream.reply = answerJson(200, { ...card, header: { ...card.header, location: String(location) } });
      const text = await (await get()).text();
      expect(text).toBe(bookingIcs(location, card.appointments, NOW));
      expect(text).toContain('LOCATION:');
    }
  });

  it("an upstream's unset location ('0') reads as SoHo, as the confirmation page shows the booking", async () => {
    stopTheClock();
    upstream.reply = answerJson(200, { ...card, header: { ...card.header, location: '0' } });
    expect(await (await get()).text()).toBe(bookingIcs(1, card.appointments, NOW));
  });

  it('is 401 signed out (no profile, or the upstream says 401), 404 for what is not theirs, 502 when the upstream fails', async () => {
    expect((await get('')).status).toBe(401);
    expect(upstream.seen).toHaveLength(0);
    upstream.reply = answerJson(401, { error: { code: 'unauthorized', message: 'Please sign in.' } });
    expect((await get()).status).toBe(401);
    upstream.reply = answerJson(403, { error: { code: 'forbidden', message: 'You can only reach your own appointments.' } });
    expect((await get()).status).toBe(404);
    expect((await get(cookie, 'not-an-id')).status).toBe(404);
    upstream.reply = answerJson(500, {});
    const failed = await get();
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.message).toBe('The salon service answered with an error (500). Please try again.');
  });
});
