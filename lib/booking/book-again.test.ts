import { allServiceItems, isBookableAt, therapistsDoing } from '@/lib/catalog/catalog';
import { cardForSession, cardToBookAgain, pastVisitOf, rebookableServiceIds, sessionLocation } from './book-again';
import { cardToWire, emptyBookingCard } from './card';
import type { AppointmentView } from './appointments/read';
import type { SlotStartIso } from './dates';
import { appointmentView, browsLine } from './test-support/appointment-view';
import { bookingCard } from './test-support/booking-card';

const items = allServiceItems();
const [waxA, waxB] = items.filter((i) => i.gen === 0 && i.areaId === 1 && isBookableAt(i.id, 2));
const notAtMidtown = items.find((i) => i.gen === 0 && i.areaId !== 1 && isBookableAt(i.id, 1) && !isBookableAt(i.id, 2))!;
const mens = items.find((i) => i.gen === 1 && isBookableAt(i.id, 1))!;
const [stillThere] = therapistsDoing(2, [waxA!.id, waxB!.id]);
// Before and after the test appointments of 1 December 2026 (11:00 and 11:30 in New York).
const BEFORE = Date.parse('2026-11-30T12:00:00Z');
const AFTER = Date.parse('2026-12-02T12:00:00Z');
const serviceIds = (card: { areas: { services: { id: string }[] }[] }) => card.areas.flatMap((area) => area.services.map((service) => service.id));

describe('cardToBookAgain', () => {
  it('fills the cart with the visit’s services at its location, the therapist kept when she still does them there', () => {
    const card = cardToBookAgain(emptyBookingCard(), {
      location: 2,
      gender: 'women',
      appointments: [{ areaId: 1, therapistId: stillThere!, lines: [{ id: waxA!.id }, { id: waxB!.id }] }],
    })!;
    expect(card).toMatchObject({ location: 2, gender: 'women', appointmentId: '', status: 'booked' });
    expect(card.areas).toEqual([{ area: 1, therapist: stillThere, when: { kind: 'none' }, note: '', services: expect.any(Array) }]);
    expect(serviceIds(card)).toEqual([waxA!.id, waxB!.id]);
    expect(card.areas[0]!.services[0]).toEqual({ id: waxA!.id, serviceType: waxA!.svcType, sku: waxA!.value, minutes: waxA!.duration, package: null, ordered: false });
    // In the cookie's shape, as the booking page reads it: a women's line of the area, no package.
    expect(cardToWire(card).svcAreas[0]!.svcTypes[0]!.svcArray[0]).toMatchObject({ svcId: waxA!.value, serviceTypeId: waxA!.svcType, gen: 0, pkgId: null, areaId: 1 });
  });

  it('leaves the therapist to anyone when she no longer does the services there', () => {
    const gone = 99_999;
    const card = cardToBookAgain(emptyBookingCard(), { location: 2, gender: 'women', appointments: [{ areaId: 1, therapistId: gone, lines: [{ id: waxA!.id }] }] })!;
    expect(card.areas[0]!.therapist).toBe(0);
  });

  it('drops services the location no longer books online, and gives nothing when none is left', () => {
    const card = cardToBookAgain(emptyBookingCard(), {
      location: 2,
      gender: 'women',
      appointments: [
        { areaId: 1, therapistId: 0, lines: [{ id: waxA!.id }] },
        { areaId: notAtMidtown.areaId, therapistId: 0, lines: [{ id: notAtMidtown.id }] },
      ],
    })!;
    expect(card.areas.map((a) => a.area)).toEqual([1]);
    expect(cardToBookAgain(emptyBookingCard(), { location: 2, gender: 'women', appointments: [{ areaId: notAtMidtown.areaId, therapistId: 0, lines: [{ id: notAtMidtown.id }] }] })).toBeUndefined();
    expect(cardToBookAgain(emptyBookingCard(), { location: 1, gender: 'women', appointments: [{ areaId: 1, therapistId: 0, lines: [{ id: 'not-a-service' }] }] })).toBeUndefined();
  });

  it('replaces the cart’s services and an appointment being changed, keeping its customer and packages of that gender', () => {
    const current = bookingCard([{ area: 1, services: [] }], {
      customerId: 'c0ffee00-0000-4000-8000-000000000001',
      appointmentId: 'c0ffee00-0000-4000-8000-000000000002',
      gender: 'men',
      packages: [{ packageId: 'c0ffee00-0000-4000-8000-000000000003', used: false }],
    });
    const women = cardToBookAgain(current, { location: 1, gender: 'women', appointments: [{ areaId: 1, therapistId: 0, lines: [{ id: waxA!.id }] }] })!;
    expect(women).toMatchObject({ customerId: current.customerId, appointmentId: '', gender: 'women', packages: [] });
    const men = cardToBookAgain(current, { location: 1, gender: 'men', appointments: [{ areaId: mens.areaId, therapistId: 0, lines: [{ id: mens.id }] }] })!;
    expect(men.packages).toEqual(current.packages);
  });
});

describe('pastVisitOf', () => {
  it('reads a stored booking as the visit to book again, the unset location as SoHo as the account page shows it', () => {
    const booking = { card: bookingCard([], { location: 1, gender: 'women' }), appointments: [appointmentView({ areaId: 1, therapistId: 4, lines: [] })] };
    expect(pastVisitOf(booking, [], AFTER)).toEqual({ location: 1, gender: 'women', appointments: [{ areaId: 1, therapistId: 4, lines: [] }] });
    const visit = { ...pastVisitOf(booking), appointments: [{ areaId: 1, therapistId: 0, lines: [{ id: waxA!.id }, { id: waxA!.id }, { id: mens.id }] }] };
    // Once each, and only of the visit's gender.
    expect(rebookableServiceIds(visit)).toEqual(isBookableAt(waxA!.id, 1) ? [waxA!.id] : []);
  });
});

describe('pastVisitOf: what a row of the account page books again', () => {
  // One booking of two areas, as the booking page books Brazilian with a HydraFacial: one appointment per area.
  const brazilian = items.find((i) => i.gen === 0 && i.areaId === 1 && i.name === 'Brazilian' && isBookableAt(i.id, 1))!;
  const hydrafacial = items.find((i) => i.gen === 0 && i.areaId !== 1 && i.name === 'HydraFacial' && isBookableAt(i.id, 1))!;
  const wax = appointmentView({ id: 'c0ffee00-0000-4000-8000-0000000000a1', areaId: 1, lines: [{ ...browsLine, id: brazilian.id, name: 'Brazilian' }] });
  const facial = appointmentView({
    id: 'c0ffee00-0000-4000-8000-0000000000a2',
    areaId: hydrafacial.areaId,
    areaName: 'Skincare',
    start: '2026-12-01T16:30:00.000Z' as SlotStartIso,
    end: '2026-12-01T17:30:00.000Z' as SlotStartIso,
    lines: [{ ...browsLine, id: hydrafacial.id, name: 'HydraFacial' }],
  });
  const visit = (appointments: AppointmentView[]) => ({ card: bookingCard([], { location: 1, gender: 'women' }), appointments });

  it('books again only the cancelled area of a visit whose other area is still upcoming', () => {
    const booking = visit([{ ...wax, status: 'cancelled' }, facial]);
    expect(rebookableServiceIds(pastVisitOf(booking, [wax.id], BEFORE))).toEqual([brazilian.id]);
    expect(serviceIds(cardToBookAgain(emptyBookingCard(), pastVisitOf(booking, [wax.id.toUpperCase()], BEFORE))!)).toEqual([brazilian.id]);
    // Even a form that names the upcoming one, or names none, never puts it back.
    expect(rebookableServiceIds(pastVisitOf(booking, [wax.id, facial.id], BEFORE))).toEqual([brazilian.id]);
    expect(rebookableServiceIds(pastVisitOf(booking, [], BEFORE))).toEqual([brazilian.id]);
    expect(pastVisitOf(booking, [facial.id], BEFORE).appointments).toEqual([]);
  });

  it('books again all the services of a row that stands for a whole cancelled or past visit', () => {
    const cancelled = visit([{ ...wax, status: 'cancelled' }, { ...facial, status: 'cancelled' }]);
    expect(rebookableServiceIds(pastVisitOf(cancelled, [wax.id, facial.id], BEFORE))).toEqual([brazilian.id, hydrafacial.id]);
    const done = visit([wax, facial]);
    expect(rebookableServiceIds(pastVisitOf(done, [wax.id, facial.id], AFTER))).toEqual([brazilian.id, hydrafacial.id]);
    expect(serviceIds(cardToBookAgain(emptyBookingCard(), pastVisitOf(done, [], AFTER))!)).toEqual([brazilian.id, hydrafacial.id]);
    // A row of one of its areas books that area.
    expect(rebookableServiceIds(pastVisitOf(done, [facial.id], AFTER))).toEqual([hydrafacial.id]);
  });
});

describe('cardForSession', () => {
  it('puts the package’s service in the cart at the preferred location that books it', () => {
    const card = cardForSession(emptyBookingCard(), waxA!.id, [2])!;
    expect(card.location).toBe(2);
    expect(serviceIds(card)).toEqual([waxA!.id]);
  });

  it('skips a preferred location that does not book the service online, and refuses an unknown service', () => {
    expect(sessionLocation(notAtMidtown.id, [2, 3])).toBe(1);
    expect(cardForSession(emptyBookingCard(), 'not-a-service', [1])).toBeUndefined();
  });
});
