import { randomUUID } from 'node:crypto';
import { thrownApiError } from '@/lib/test-support/thrown-api-error';
import { allServiceItems, isOfferedAt } from '@/lib/catalog/catalog';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { setHours } from '@/lib/test-support/catalog-hours';
import { closeDb, getDb } from '@/lib/db';
import { cardFor, FIRST_ITEM_OF_AREA, PACKAGE_OF, WAX, WAX_WITH_PACKAGE, type AreaChoice } from '@/lib/booking/test-support/cards';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { appointmentCardSchema } from '../card-schema';
import { planCard, rosteredFor, targetOrInvalid } from './planning';

jest.setTimeout(120_000);
createTempDataDir('salon-appointments-planning-');
afterAll(closeDb);

// Monday 2027-01-04 noon in New York. At SoHo on Mondays only therapist 1 does hair removal (area 1); on Tuesdays 1 and 2.
const NOW = Date.parse('2027-01-04T17:00:00Z');
const MONDAY_10 = Date.parse('2027-01-11T15:00:00Z');
/** A customer's card (held to the minimum notice), and the desk's (not). */
const ONLINE = 'online' as const;
const DESK = 'desk' as const;
const card = (areas: readonly AreaChoice[], header: Record<string, unknown> = {}) => appointmentCardSchema.parse(cardFor(areas, header));
/** Women's Face wax: hair removal at Midtown (2), but not booked online there. */
const NOT_ONLINE_AT_MIDTOWN = allServiceItems().find((i) => i.areaId === 1 && i.gen === 0 && !isOfferedAt(2, i.svcType))!;

/** The 422 of planCard: its message under the field it names. */
const invalid = (field: string, message: string | RegExp) =>
  expect.objectContaining({ status: 422, code: 'invalid', message: expect.stringMatching(message), fields: { [field]: expect.stringMatching(message) } });

describe('planCard', () => {
  it('prices and times each area from the catalogue, never from the body', () => {
    const items = WAX.slice(0, 2);
    const [area, ...rest] = planCard(card([{ therapist: 0, date: '2027-01-11 10:00', items, note: 'first visit' }]), NOW, ONLINE);
    expect(rest).toHaveLength(0);
    const minutes = items[0]!.duration + items[1]!.duration;
    expect(area).toMatchObject({ start: MONDAY_10, end: MONDAY_10 + minutes * 60_000, note: 'first visit', price: items[0]!.price + items[1]!.price, field: 'svcAreas.0' });
    expect(area!.target).toMatchObject({ location: 1, areaId: 1, therapistId: 0 });
    // cardFor sends every line as 1 minute long: the catalogue's durations win.
    expect(area!.lines).toEqual(items.map((i) => ({ id: i.id, svcId: i.value, name: i.name, serviceTypeId: i.svcType, gen: i.gen, duration: i.duration, price: i.price, pkgId: null })));
  });

  it('reads a line id in braces or capitals, and a UTC svcDate as well as a New York wall-clock time', () => {
    const parsed = card([{ date: '2027-01-11T15:00:00.000Z' }]);
    const line = parsed.svcAreas[0]!.svcTypes[0]!.svcArray[0]!;
    line.id = `{${line.id.toUpperCase()}}`;
    const [area] = planCard(parsed, NOW, ONLINE);
    expect(area!.start).toBe(MONDAY_10);
    expect(area!.lines[0]!.id).toBe(WAX[0]!.id);
  });

  it('a package line costs nothing and names its package', () => {
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    const [area] = planCard(card([{ date: '2027-01-11 10:00', items: [WAX_WITH_PACKAGE], pkgId: `{${offer.pvId.toUpperCase()}}` }]), NOW, ONLINE);
    expect(area!.price).toBe(0);
    expect(area!.lines[0]).toMatchObject({ id: WAX_WITH_PACKAGE.id, price: 0, pkgId: offer.pvId.toLowerCase() });
    expect(thrownApiError(() => planCard(card([{ date: '2027-01-11 10:00', items: [WAX_WITH_PACKAGE], pkgId: randomUUID() }]), NOW, ONLINE))).toEqual(
      invalid('svcAreas.0', `That package does not cover ${WAX_WITH_PACKAGE.name}.`),
    );
  });

  it('refuses a card without areas, an unknown location, area or therapist, on the field concerned', () => {
    const empty = card([{ date: '2027-01-11 10:00' }]);
    empty.svcAreas = [];
    expect(thrownApiError(() => planCard(empty, NOW, ONLINE))).toEqual(invalid('svcAreas', 'Choose at least one service to book.'));
    const nowhere = card([{ date: '2027-01-11 10:00' }]);
    nowhere.header.location = 'paris';
    expect(thrownApiError(() => planCard(nowhere, NOW, ONLINE))).toEqual(invalid('svcAreas.0.svcTherapist', "Unknown location 'paris'."));
    expect(thrownApiError(() => planCard(card([{ therapist: 99, date: '2027-01-11 10:00' }]), NOW, ONLINE))).toEqual(invalid('svcAreas.0.svcTherapist', /Therapist 99 does not work in/));
    expect(thrownApiError(() => targetOrInvalid('1', 999, 0, 'here'))).toEqual(invalid('here', 'Unknown area 999.'));
  });

  it('refuses an unknown service, one listed twice, one of another area, and one not booked online there', () => {
    const unknownId = randomUUID();
    const unknown = card([{ date: '2027-01-11 10:00' }]);
    unknown.svcAreas[0]!.svcTypes[0]!.svcArray[0]!.id = unknownId;
    expect(thrownApiError(() => planCard(unknown, NOW, ONLINE))).toEqual(invalid('svcAreas.0', `Unknown service ${unknownId}.`));
    expect(thrownApiError(() => planCard(card([{ date: '2027-01-11 10:00', items: [WAX[0]!, WAX[0]!] }]), NOW, ONLINE))).toEqual(invalid('svcAreas.0', `${WAX[0]!.name} appears twice.`));
    const brows = FIRST_ITEM_OF_AREA(2);
    const misplaced = card([{ areaId: 2, date: '2027-01-11 10:00', items: [brows] }]);
    misplaced.svcAreas[0]!.areaId = 1;
    expect(thrownApiError(() => planCard(misplaced, NOW, ONLINE))).toEqual(invalid('svcAreas.0', `${brows.name} does not belong there.`));
    expect(thrownApiError(() => planCard(card([{ date: '2027-01-11 10:00', items: [NOT_ONLINE_AT_MIDTOWN] }], { location: '2' }), NOW, ONLINE))).toEqual(
      invalid('svcAreas.0.svcTherapist', `${NOT_ONLINE_AT_MIDTOWN.name} is not offered in Midtown online: please take it out of your booking.`),
    );
  });

  describe('the minimum notice of online bookings', () => {
    afterEach(resetCatalogSnapshot);
    const monday10 = () => card([{ date: '2027-01-11 10:00' }]);
    const tooSoon = (notice: string) => {
      const message = `Online bookings at SoHo need ${notice} notice. Please choose a later time, or call (212) 555-0148 to book sooner.`;
      return expect.objectContaining({ status: 422, code: 'too_soon', message, fields: { 'svcAreas.0.svcDate': message } });
    };

    it('holds a customer\'s time to 2 hours from now by default; the desk may book any time not past', () => {
      const twoHoursBefore = MONDAY_10 - 2 * 3_600_000;
      expect(thrownApiError(() => planCard(monday10(), twoHoursBefore + 60_000, ONLINE))).toEqual(tooSoon("2 hours'"));
      expect(() => planCard(monday10(), twoHoursBefore, ONLINE)).not.toThrow();
      expect(() => planCard(monday10(), MONDAY_10 - 60_000, DESK)).not.toThrow();
    });

    it('follows the notice the owner sets for the location', () => {
      setHours(1, { minNoticeMinutes: 90 });
      expect(thrownApiError(() => planCard(monday10(), MONDAY_10 - 89 * 60_000, ONLINE))).toEqual(tooSoon("1 hour 30 minutes'"));
      expect(() => planCard(monday10(), MONDAY_10 - 90 * 60_000, ONLINE)).not.toThrow();
      setHours(1, { minNoticeMinutes: 60 });
      expect(thrownApiError(() => planCard(monday10(), MONDAY_10 - 59 * 60_000, ONLINE))).toEqual(tooSoon("1 hour's"));
    });
  });

  it('refuses a missing time, a time not after now, and two areas of the card that overlap', () => {
    expect(thrownApiError(() => planCard(card([{ date: '2027-01-11' }]), NOW, ONLINE))).toEqual(invalid('svcAreas.0.svcDate', 'Choose a time for this appointment.'));
    const passed = 'That time has already passed. Please choose another time.';
    expect(thrownApiError(() => planCard(card([{ date: '2027-01-11 10:00' }]), MONDAY_10, DESK))).toEqual(invalid('svcAreas.0.svcDate', passed));
    expect(() => planCard(card([{ date: '2027-01-11 10:00' }]), MONDAY_10 - 1, DESK)).not.toThrow();

    const wax = WAX.find((i) => i.duration === 30)!;
    const brows = FIRST_ITEM_OF_AREA(2);
    const overlap = 'Two of these appointments overlap. Please choose times one after the other.';
    const both = (second: string) => card([{ date: '2027-01-11 10:00', items: [wax] }, { areaId: 2, date: second, items: [brows] }]);
    expect(thrownApiError(() => planCard(both('2027-01-11 10:15'), NOW, ONLINE))).toEqual(invalid('svcAreas.0.svcDate', overlap));
    // Back to back is not an overlap.
    expect(planCard(both('2027-01-11 10:30'), NOW, ONLINE).map((a) => a.start)).toEqual([MONDAY_10, MONDAY_10 + 30 * 60_000]);
  });
});

describe('rosteredFor', () => {
  const db = () => getDb();
  const ask = async (therapistId: number, local: string, minutes = 15) => {
    const [area] = planCard(card([{ therapist: therapistId, date: local }]), NOW, ONLINE);
    return (await db()).transaction((tx) => rosteredFor(tx, { ...area!, end: area!.start + minutes * 60_000 }, NOW));
  };
  const outside = 'That time is outside the opening hours or the therapist\'s roster. Please choose a listed time.';

  it('answers the therapists rostered for a listed slot: everyone for "any", the one named otherwise', async () => {
    expect(await ask(0, '2027-01-11 10:00')).toEqual([1]);
    expect((await ask(0, '2027-01-12 10:00')).sort((a, b) => a - b)).toEqual([1, 2]);
    expect(await ask(2, '2027-01-12 10:00')).toEqual([2]);
  });

  it('answers 422 for a time off the 15-minute grid, before opening, or of a therapist not rostered that day', async () => {
    await expect(ask(0, '2027-01-11 10:05')).rejects.toEqual(invalid('svcAreas.0.svcDate', outside));
    await expect(ask(0, '2027-01-11 09:45')).rejects.toEqual(invalid('svcAreas.0.svcDate', outside));
    await expect(ask(2, '2027-01-11 10:00')).rejects.toEqual(invalid('svcAreas.0.svcDate', outside));
  });

  it('refuses a day past the booking horizon as too far ahead, saying until when one can book', async () => {
    // Sunday 2027-01-10 in New York: 180 days on is Friday 2027-07-09. Anna Kowalski (2) does hair removal at SoHo on both days after it.
    const sunday = Date.parse('2027-01-10T17:00:00Z');
    const askFrom = async (now: number, local: string, therapist = 2) => {
      const [area] = planCard(card([{ therapist, date: local }]), now, ONLINE);
      return (await db()).transaction((tx) => rosteredFor(tx, area!, now));
    };
    const tooFar = 'That day is too far ahead: visits can be booked up to 180 days ahead, until Friday, July 9, 2027. Please choose an earlier day.';
    const refusal = expect.objectContaining({ status: 422, code: 'too_far_ahead', message: tooFar, fields: { 'svcAreas.0.svcDate': tooFar } });
    expect(await askFrom(sunday, '2027-07-09 10:00')).toEqual([2]);
    await expect(askFrom(sunday, '2027-07-10 11:00')).rejects.toEqual(refusal);
    // 399 days ahead, a Monday at 10:00: a listed time of a rostered therapist (seen from a week before), refused
    // for its day, not as outside the opening hours.
    expect(await askFrom(Date.parse('2028-01-31T17:00:00Z'), '2028-02-07 10:00', 0)).toEqual([1]);
    await expect(askFrom(NOW, '2028-02-07 10:00', 0)).rejects.toEqual(expect.objectContaining({ status: 422, code: 'too_far_ahead', message: expect.stringMatching(/^That day is too far ahead: visits can be booked up to 180 days ahead, until Saturday, July 3, 2027\./) }));
  });
});
