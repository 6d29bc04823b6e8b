import { allServiceItems, isBookableAt, therapistsDoing } from '@/lib/catalog/catalog';
import { authCookieValue } from '@/lib/persistence/auth';
import { cardFromCookie, cardToCookie, emptyCard } from '@/lib/persistence/card';
import { locationToCookie } from '@/lib/persistence/lists';
import { readStamp, withStamp } from '@/lib/persistence/stamp';
import { answerJson, setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { bookAgainHandler, bookSessionHandler } from './book-again-handlers';

/** Book again in proxy mode: the visit comes from the upstream's read call; the cart is written as the stores write it. */

const upstream = setUpFakeUpstream();

const ORIGIN = 'http://localhost:3000';
const CUSTOMER = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const BOOKING = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const signedIn = `bnp_session=tok; BnpAuth=${authCookieValue({ id: CUSTOMER, name: 'Up Stream', email: 'up@example.com' })}`;
const wax = allServiceItems().find((i) => i.gen === 0 && i.areaId === 1 && isBookableAt(i.id, 2))!;
const [therapist] = therapistsDoing(2, [wax.id]);
const line = { id: wax.id, svcId: wax.value, name: wax.name, serviceTypeId: wax.svcType, gen: 0, duration: wax.duration, price: 25, pkgId: null };
const visit = {
  header: { url: '', customerId: CUSTOMER, aptId: BOOKING, location: '2', gender: '0', customerType: 0, status: '2', source: '8' },
  svcAreas: [],
  appointments: [
    {
      id: 'c0ffee00-0000-4000-8000-000000000002',
      areaId: 1,
      areaName: 'Hair Removal',
      therapistId: therapist,
      therapistName: 'Ann Lee',
      requestedTherapistId: 0,
      start: '2026-10-01T16:00:00Z',
      end: '2026-10-01T16:30:00Z',
      localStart: '2026-10-01 12:00',
      status: 'cancelled',
      price: 25,
      lines: [line],
    },
  ],
};

function post(path: string, { cookie = signedIn, origin = ORIGIN, body }: { cookie?: string; origin?: string | null; body?: URLSearchParams } = {}) {
  const headers: Record<string, string> = { cookie };
  if (origin) headers.origin = origin;
  return new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body });
}

function cartOf(response: Response) {
  const set = response.headers.get('set-cookie') ?? '';
  const [pair, ...attributes] = set.split('; ');
  expect(pair!.startsWith('bnp_card=')).toBe(true);
  expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Lax']));
  expect(set).not.toMatch(/HttpOnly/i);
  return cardFromCookie(pair!.slice('bnp_card='.length));
}

describe('POST /account/book-again/{id}/', () => {
  it('writes the visit’s services and therapist as the cart’s cookie and opens the booking page', async () => {
    upstream.reply = answerJson(200, visit);
    const old = cardToCookie(emptyCard({ gender: '1' }));
    const answer = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { cookie: `${signedIn}; bnp_card=${old}` }), BOOKING);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/booking/');
    const card = cartOf(answer)!;
    expect(card.header).toMatchObject({ location: '2', gender: '0', aptId: '' });
    expect(card.svcAreas).toEqual([expect.objectContaining({ areaId: 1, svcTherapist: therapist, svcDate: '' })]);
    expect(card.svcAreas[0]!.svcTypes[0]!.svcArray.map((l) => l.id)).toEqual([wax.id]);
    expect(upstream.seen[0]).toMatchObject({ method: 'GET', url: `/api/appointments/${CUSTOMER}/${BOOKING}/` });
  });

  it('books a visit whose location the upstream left unset at SoHo, as the account page shows it and offers it again', async () => {
    const soho = allServiceItems().find((i) => i.gen === 0 && i.areaId === 1 && isBookableAt(i.id, 1))!;
    const unset = { ...visit, header: { ...visit.header, location: '0' }, appointments: [{ ...visit.appointments[0], therapistId: 0, lines: [{ ...line, id: soho.id, svcId: soho.value }] }] };
    upstream.reply = answerJson(200, unset);
    const answer = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`), BOOKING);
    expect(answer.status).toBe(303);
    const card = cartOf(answer)!;
    expect(card.header.location).toBe('1');
    expect(card.svcAreas[0]!.svcTypes[0]!.svcArray.map((l) => l.id)).toEqual([soho.id]);
  });

  it('replaces a cart cookie it cannot read (tampered, or not a card) instead of failing', async () => {
    for (const broken of ['%7B%22broken', 'not-a-card', withStamp(3, 'x')]) {
      upstream.reply = answerJson(200, visit);
      const answer = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { cookie: `${signedIn}; bnp_card=${broken}` }), BOOKING);
      expect(answer.status).toBe(303);
      expect(cartOf(answer)!.svcAreas[0]!.svcTypes[0]!.svcArray.map((l) => l.id)).toEqual([wax.id]);
    }
  });

  it('stamps the cookie it writes one version above the cart it replaces, so the other tabs take it in', async () => {
    upstream.reply = answerJson(200, visit);
    const stampOf = (response: Response) => readStamp(/bnp_card=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')![1]!).stamp;
    const unstamped = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { cookie: `${signedIn}; bnp_card=${cardToCookie(emptyCard())}` }), BOOKING);
    expect(stampOf(unstamped)).toBe(1);
    upstream.reply = answerJson(200, visit);
    const stamped = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { cookie: `${signedIn}; bnp_card=${withStamp(7, cardToCookie(emptyCard()))}` }), BOOKING);
    expect(stampOf(stamped)).toBe(8);
    expect(cartOf(stamped)!.svcAreas).toHaveLength(1);
  });

  it('books again the row’s cancelled appointment only, not the visit’s other area still upcoming, and refuses the upcoming one', async () => {
    const facial = allServiceItems().find((i) => i.gen === 0 && i.areaId !== 1 && isBookableAt(i.id, 2))!;
    const upcoming = {
      ...visit.appointments[0],
      id: 'c0ffee00-0000-4000-8000-000000000003',
      areaId: facial.areaId,
      status: 'booked',
      start: '2099-10-01T16:00:00Z',
      end: '2099-10-01T17:00:00Z',
      lines: [{ ...line, id: facial.id, svcId: facial.value }],
    };
    const both = { ...visit, header: { ...visit.header, status: '1' }, appointments: [visit.appointments[0], upcoming] };
    const row = (id: string) => new URLSearchParams({ appointment: id });
    upstream.reply = answerJson(200, both);
    const answer = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { body: row(visit.appointments[0]!.id) }), BOOKING);
    expect(answer.status).toBe(303);
    expect(cartOf(answer)!.svcAreas.flatMap((a) => a.svcTypes.flatMap((t) => t.svcArray.map((l) => l.id)))).toEqual([wax.id]);
    upstream.reply = answerJson(200, both);
    const refused = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { body: row(upcoming.id) }), BOOKING);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe('That appointment is still booked: you will find it under Upcoming appointments.');
    expect(refused.headers.get('set-cookie')).toBeNull();
    upstream.reply = answerJson(200, both);
    const stranger = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { body: row('c0ffee00-0000-4000-8000-00000000beef') }), BOOKING);
    expect(stranger.status).toBe(404);
  });

  it('sends a signed-out visitor to sign in, and refuses another site’s form, an unknown visit and one with nothing left to book', async () => {
    const signedOut = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { cookie: '' }), BOOKING);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/signin/?url=%2Faccount%2F');
    const forged = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`, { origin: 'https://evil.example' }), BOOKING);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe('This request must come from the salon site itself.');
    expect((await bookAgainHandler(post('/account/book-again/nope/'), 'nope')).status).toBe(404);
    upstream.reply = answerJson(200, { ...visit, appointments: [{ ...visit.appointments[0], lines: [{ ...line, id: 'c0ffee00-0000-4000-8000-00000000dead' }] }] });
    const gone = await bookAgainHandler(post(`/account/book-again/${BOOKING}/`), BOOKING);
    expect(gone.status).toBe(409);
    expect(gone.headers.get('set-cookie')).toBeNull();
  });
});

describe('POST /account/book-session/', () => {
  it('puts the package’s service in the cart at the location the customer chose, and refuses what is not a service id', async () => {
    const answer = await bookSessionHandler(
      post('/account/book-session/', { cookie: `bnp_loc=${locationToCookie(2)}`, body: new URLSearchParams({ service: wax.id }) }),
    );
    expect(answer.status).toBe(303);
    const card = cartOf(answer)!;
    expect(card.header.location).toBe('2');
    expect(card.svcAreas[0]!.svcTypes[0]!.svcArray.map((l) => l.id)).toEqual([wax.id]);
    const bad = await bookSessionHandler(post('/account/book-session/', { body: new URLSearchParams({ service: 'x' }) }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('That service could not be read. Please go back and try again.');
  });
});
