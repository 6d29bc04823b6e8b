import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { therapistById } from '@/lib/catalog/catalog';
import { closeDb, getDb } from '@/lib/db';
import { appointments, bookings } from '@/lib/db/schema';
import { cardFor, FIRST_ITEM_OF_AREA, PACKAGE_OF, WAX_WITH_PACKAGE, type AreaChoice } from '@/lib/booking/test-support/cards';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { appointmentCardSchema } from '../card-schema';
import { creditPackage } from '../packages';
import { createBooking } from './create';
import { customerExists, listBookings, readBooking } from './read';

jest.setTimeout(120_000);
createTempDataDir('salon-appointments-read-');
afterAll(closeDb);

const NOW = Date.parse('2027-01-04T17:00:00Z');

async function customer() {
  const db = await getDb();
  const userId = await insertUser(db);
  const book = async (areas: readonly AreaChoice[], header: Record<string, unknown> = {}) =>
    (await createBooking(db, { actor: { userId, role: 'customer' }, customerId: userId, card: appointmentCardSchema.parse(cardFor(areas, header)), now: NOW })).card;
  return { db, userId, book };
}

describe('readBooking', () => {
  it('answers the booking as the card it was booked with, each appointment with its names, times and price', async () => {
    const me = await customer();
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    await creditPackage(me.userId, offer.pvId, 1, me.db);
    const brows = FIRST_ITEM_OF_AREA(2);
    const booked = await me.book(
      [
        { therapist: 1, date: '2027-01-11 10:00', items: [WAX_WITH_PACKAGE], pkgId: offer.pvId, note: 'sensitive skin' },
        { areaId: 2, therapist: 0, date: '2027-01-11 11:00', items: [brows] },
      ],
      { url: 'https://example.com/booking/', source: '3' },
    );
    const read = await readBooking(me.db, me.userId, booked.header.aptId);
    expect(read).toEqual(booked);
    expect(read!.header).toEqual({ url: 'https://example.com/booking/', customerId: me.userId, aptId: booked.header.aptId, location: '1', gender: '0', customerType: expect.anything(), status: '1', source: '3' });
    const [wax, brow] = read!.appointments;
    expect(wax).toMatchObject({ areaId: 1, areaName: 'Hair Removal', therapistId: 1, therapistName: therapistById(1)!.name, requestedTherapistId: 1, start: '2027-01-11T15:00:00.000Z', localStart: '2027-01-11 10:00', status: 'booked', price: 0 });
    expect(Date.parse(wax!.end) - Date.parse(wax!.start)).toBe(WAX_WITH_PACKAGE.duration * 60_000);
    expect(brow).toMatchObject({ areaId: 2, areaName: 'Brow & Lashes', requestedTherapistId: 0, localStart: '2027-01-11 11:00', price: brows.price });
    expect(read!.svcAreas[0]).toEqual({
      areaId: 1,
      svcTherapist: 1,
      svcDate: '2027-01-11T15:00:00.000Z',
      svcNote: 'sensitive skin',
      svcTypes: [{ svcTypeId: WAX_WITH_PACKAGE.svcType, svcArray: [expect.objectContaining({ id: WAX_WITH_PACKAGE.id, svcId: WAX_WITH_PACKAGE.value, pkgId: offer.pvId.toLowerCase(), packageType: 3, isPackage: true, isOrdered: true, duration: WAX_WITH_PACKAGE.duration, areaId: 1 })] }],
    });
    expect(read!.svcAreas[1]!.svcTypes[0]!.svcArray[0]).toMatchObject({ id: brows.id, pkgId: null, packageType: 0, isPackage: false });
    // The one session is taken: the package shows as used.
    expect(read!.pkgAvailable).toEqual([{ pkgId: offer.pvId.toLowerCase(), isPkgUsed: true }]);
    expect(read!.pkgAreas).toEqual([]);
  });

  it('answers undefined for another customer\'s booking and for one that does not exist', async () => {
    const me = await customer();
    const someone = await customer();
    const theirs = await someone.book([{ therapist: 1, date: '2027-01-11 13:00' }]);
    expect(await readBooking(me.db, me.userId, theirs.header.aptId)).toBeUndefined();
    expect(await readBooking(me.db, me.userId, randomUUID())).toBeUndefined();
    expect(await readBooking(me.db, someone.userId, theirs.header.aptId)).toBeDefined();
  });

  it('says cancelled once every appointment of the booking is cancelled, not before', async () => {
    const me = await customer();
    const booked = await me.book([{ therapist: 1, date: '2027-01-11 14:00' }, { areaId: 2, therapist: 0, date: '2027-01-11 15:00', items: [FIRST_ITEM_OF_AREA(2)] }]);
    const [first, second] = booked.appointments;
    await me.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, first!.id));
    expect((await readBooking(me.db, me.userId, booked.header.aptId))!.header.status).toBe('1');
    await me.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, second!.id));
    const read = await readBooking(me.db, me.userId, booked.header.aptId);
    expect(read!.header.status).toBe('2');
    expect(read!.appointments.map((a) => a.status)).toEqual(['cancelled', 'cancelled']);
  });
});

describe('listBookings', () => {
  it('answers every booking of the customer, the latest appointment first, with their packages; nobody else\'s', async () => {
    const me = await customer();
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    await creditPackage(me.userId, offer.pvId, 3, me.db);
    const early = await me.book([{ therapist: 1, date: '2027-01-18 10:00' }]);
    const late = await me.book([{ therapist: 1, date: '2027-02-01 10:00' }]);
    const middle = await me.book([{ therapist: 1, date: '2027-01-25 10:00' }]);
    await (await customer()).book([{ therapist: 1, date: '2027-01-18 11:00' }]);
    // A booking row without appointments is not shown.
    await me.db.insert(bookings).values({ customerId: me.userId, location: 1, gender: 0 });
    const list = await listBookings(me.db, me.userId);
    expect(list.customerId).toBe(me.userId);
    expect(list.cards.map((c) => c.header.aptId)).toEqual([late, middle, early].map((c) => c.header.aptId));
    expect(list.cards[0]).toEqual({ ...late, pkgAvailable: list.pkgAvailable });
    expect(list.pkgAvailable).toEqual([{ pkgId: offer.pvId.toLowerCase(), isPkgUsed: false }]);
  });

  it('answers an empty list for a customer without bookings', async () => {
    const me = await customer();
    expect(await listBookings(me.db, me.userId)).toEqual({ customerId: me.userId, cards: [], pkgAvailable: [] });
  });
});

describe('customerExists', () => {
  it('is true for an account and false for an unknown id', async () => {
    const me = await customer();
    expect(await customerExists(me.db, me.userId)).toBe(true);
    expect(await customerExists(me.db, randomUUID())).toBe(false);
  });
});
