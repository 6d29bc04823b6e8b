import { appointmentCardSchema } from '@/lib/booking/card-schema';
import { cardFromWire, cardToWire, type BookingArea, type BookingCard } from '@/lib/booking/card';
import type { DateInLocationTz } from '@/lib/booking/calendar';
import { packageUseText } from '@/lib/booking/visit-summary';
import { applyUrlChoices, areaMinutes, areasWithoutTime, bookingBody, cardSummary, chosenTime, packageCoverage, packageUses, timesFromUrl } from './build-card';
import { bookedService, bookingCard, serviceSummary, whenText } from './test-support/booking-fixtures';

const WAX = '11111111-1111-4111-8111-111111111111';
const WAX2 = '22222222-2222-4222-8222-222222222222';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const PKG = '44444444-4444-4444-8444-444444444444';
const CUSTOMER = '55555555-5555-4555-8555-555555555555';

const card = (): BookingCard =>
  bookingCard([
    { area: 1, date: '2026-12-05', services: [bookedService(WAX, 1), bookedService(WAX2, 1)] },
    { area: 3, therapist: 4, services: [bookedService(FACIAL, 16384)] },
  ]);

const onDay = (area: BookingArea, date: string): BookingArea => ({ ...area, when: date ? { kind: 'day', date: date as DateInLocationTz } : { kind: 'none' } });

describe('chosen times', () => {
  it('holds only while the area keeps the therapist and date it was chosen with', () => {
    const area = card().areas[0]!;
    const times = { 1: { therapist: 0, date: '2026-12-05', time: '11:00' } };
    expect(chosenTime(area, times)).toBe('11:00');
    expect(chosenTime({ ...area, therapist: 2 }, times)).toBeUndefined();
    expect(chosenTime(onDay(area, '2026-12-06'), times)).toBeUndefined();
    expect(chosenTime(onDay(area, ''), times)).toBeUndefined();
  });

  it('lists the areas still without a time', () => {
    expect(areasWithoutTime(card(), { 1: { therapist: 0, date: '2026-12-05', time: '11:00' } })).toEqual([3]);
  });
});

describe('areaMinutes', () => {
  it('adds the booked durations of the area', () => {
    const services = { [WAX]: { duration: 45 }, [WAX2]: { duration: 15 } } as never;
    expect(areaMinutes(card().areas[0]!, services)).toBe(60);
  });
});

describe('packageCoverage', () => {
  it('covers one line per session left', () => {
    const c = card();
    c.areas[0]!.services.push(bookedService(WAX, 1));
    const covered = packageCoverage(c, [{ pkgId: PKG, serviceId: WAX, title: 'Brazilian x3', sessionsLeft: 1 }]);
    expect([...covered.keys()]).toEqual([WAX]);
    expect(packageCoverage(c, [{ pkgId: PKG, serviceId: WAX, title: 'x', sessionsLeft: 0 }]).size).toBe(0);
  });

  it('covers each service of a bundle with its own session', () => {
    const bundle = (serviceId: string) => ({ pkgId: PKG, serviceId, title: 'Smooth Face Wax', sessionsLeft: 1 });
    const covered = packageCoverage(card(), [bundle(WAX), bundle(WAX2), bundle(FACIAL)]);
    expect([...covered.keys()]).toEqual([WAX, WAX2, FACIAL]);
  });

  it('covers a line with a package whose count is not known (proxy mode)', () => {
    const c = card();
    expect(packageCoverage(c, [{ pkgId: PKG, serviceId: WAX, title: 'x', sessionsLeft: null }]).size).toBe(1);
  });
});

describe('what packages cover, before BOOK', () => {
  const services = {
    [WAX]: serviceSummary(WAX, 'Brazilian', 1, 1, 30, 60),
    [WAX2]: serviceSummary(WAX2, 'Underarm', 1, 1, 15, 20),
    [FACIAL]: serviceSummary(FACIAL, 'Signature Facial', 3, 16384, 60, 150),
  };
  const summaryOf = (packages: Parameters<typeof packageCoverage>[1]) =>
    cardSummary(card(), { times: {}, services, therapistName: () => 'any therapist', packages });

  it('names the package, the service it covers and the sessions left after this one', () => {
    const summary = summaryOf([{ pkgId: PKG, serviceId: WAX, title: 'Brazilian x5', sessionsLeft: 5 }]);
    expect(summary.packageUses!.map(packageUseText)).toEqual(['Your package Brazilian x5 covers Brazilian: 4 sessions left after this one.']);
    expect(summary.lines.find((l) => l.name === 'Brazilian')).toMatchObject({ price: 0, packageTitle: 'Brazilian x5' });
  });

  it('each service of a bundle, the last session, and a count not known (proxy mode) each say so', () => {
    const uses = packageUses(
      packageCoverage(card(), [
        { pkgId: PKG, serviceId: WAX, title: 'Smooth', sessionsLeft: 1 },
        { pkgId: PKG, serviceId: WAX2, title: 'Smooth', sessionsLeft: 2 },
        { pkgId: CUSTOMER, serviceId: FACIAL, title: 'Facial x3', sessionsLeft: null },
      ]),
      services,
    );
    expect(uses.map(packageUseText)).toEqual([
      'Your package Smooth covers Brazilian: no sessions left after this one.',
      'Your package Smooth covers Underarm: 1 session left after this one.',
      'Your package Facial x3 covers Signature Facial.',
    ]);
  });

  it('says nothing when no package covers the visit', () => {
    expect(summaryOf([]).packageUses).toBeUndefined();
    expect(summaryOf([{ pkgId: PKG, serviceId: WAX, title: 'Used up', sessionsLeft: 0 }]).packageUses).toBeUndefined();
  });

  it('two sessions of one service are said together', () => {
    expect(packageUseText({ title: 'Brazilian x5', serviceName: 'Brazilian', sessions: 2, leftAfter: 3 })).toBe('Your package Brazilian x5 covers Brazilian (2 sessions): 3 sessions left after these.');
  });
});

describe('bookingBody', () => {
  it('sends each area at its New York time with its note, package lines against the package, and passes the API schema', () => {
    const body = bookingBody(card(), {
      customerId: CUSTOMER,
      times: { 1: { therapist: 0, date: '2026-12-05', time: '11:00' }, 3: { therapist: 4, date: '2026-12-06', time: '12:00' } },
      notes: { 1: '  sensitive skin  ' },
      packages: [{ pkgId: PKG, serviceId: WAX2, title: 'x3', sessionsLeft: 2 }],
    });
    expect(body.header.customerId).toBe(CUSTOMER);
    expect(body.svcAreas[0]!.svcDate).toBe('2026-12-05 11:00');
    expect(body.svcAreas[0]!.svcNote).toBe('sensitive skin');
    // Area 3 has no date in the card: the time chosen for another day does not travel.
    expect(body.svcAreas[1]!.svcDate).toBe('');
    const lines = body.svcAreas[0]!.svcTypes[0]!.svcArray;
    expect(lines[0]).toMatchObject({ id: WAX, isPackage: false, pkgId: null });
    expect(lines[1]).toMatchObject({ id: WAX2, isPackage: true, pkgId: PKG, packageType: 3 });
    expect(appointmentCardSchema.safeParse(body).success).toBe(true);
  });

  it("names the card's location as the domain reads it: an unset '0' travels as SoHo's '1', the server's reading of it", () => {
    const wire = cardToWire(card());
    const body = bookingBody(cardFromWire({ ...wire, header: { ...wire.header, location: '0' } }), { customerId: CUSTOMER, times: {}, notes: {}, packages: [] });
    expect(body.header.location).toBe('1');
    expect(body.svcAreas.map((area) => area.svcTypes.flatMap((type) => type.svcArray.map((line) => line.id)))).toEqual([[WAX, WAX2], [FACIAL]]);
  });
});

describe('URL choices', () => {
  const therapists = (areaId: number) => (areaId === 3 ? [{ id: 0 }, { id: 4 }, { id: 6 }] : [{ id: 0 }, { id: 1 }]);

  it('applies a listed therapist and a date, and ignores a therapist the area does not have', () => {
    const applied = applyUrlChoices(card(), { 1: { therapist: 99, date: '2026-12-07' }, 3: { therapist: 6 } }, therapists);
    expect(applied.areas.map((a) => [a.therapist, whenText(a.when)])).toEqual([
      [0, '2026-12-07'],
      [6, ''],
    ]);
  });

  it('a new therapist without a date clears the saved date, as a therapist change does', () => {
    const c = card();
    expect(whenText(c.areas[0]!.when)).toBe('2026-12-05');
    expect(applyUrlChoices(c, { 1: { therapist: 1 } }, therapists).areas[0]).toMatchObject({ therapist: 1, when: { kind: 'none' } });
  });

  it('returns the same card when nothing changes', () => {
    const c = card();
    expect(applyUrlChoices(c, { 1: { date: '2026-12-05' } }, therapists)).toBe(c);
  });

  it('takes the URL times that match the area date', () => {
    expect(timesFromUrl(card(), { 1: { date: '2026-12-05', time: '11:00' }, 3: { date: '2026-12-09', time: '10:00' } })).toEqual({
      1: { therapist: 0, date: '2026-12-05', time: '11:00' },
    });
  });
});

describe('the deposit before BOOK', () => {
  const services = {
    [WAX]: { ...serviceSummary(WAX, 'Brazilian', 1, 1, 30, 60), depositCents: 1500 },
    [WAX2]: serviceSummary(WAX2, 'Underarm', 1, 1, 15, 20),
    [FACIAL]: { ...serviceSummary(FACIAL, 'Signature Facial', 3, 16384, 60, 150), depositCents: 3800 },
  };
  const summaryOf = (packages: Parameters<typeof packageCoverage>[1], deposits?: boolean) =>
    cardSummary(card(), { times: {}, services, therapistName: () => 'any therapist', packages, deposits });

  it("adds the services' deposits, leaves out one a package covers, and asks none when the desk books", () => {
    expect(summaryOf([]).depositCents).toBe(5300);
    expect(summaryOf([{ pkgId: PKG, serviceId: FACIAL, title: 'Facial x3', sessionsLeft: 2 }]).depositCents).toBe(1500);
    expect(summaryOf([], false).depositCents).toBe(0);
  });
});
