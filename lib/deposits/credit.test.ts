import { insertAppointment, insertUser } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { accountCredits } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { creditBalanceCents, CreditError, grantCredit, spendCredit } from './credit';

jest.setTimeout(120_000);
createTempDataDir('deposit-credit-');
afterAll(closeDb);

describe('account credit', () => {
  it('is the sum of its movements: granted, then spent, never below zero', async () => {
    const db = await getDb();
    const customerId = await insertUser(db);
    expect(await creditBalanceCents(db, customerId)).toBe(0);
    expect(await db.transaction((tx) => grantCredit(tx, { customerId, cents: 5000, reason: 'deposit-credited' }))).toBe(5000);
    expect(await db.transaction((tx) => grantCredit(tx, { customerId, cents: 2200, reason: 'late-payment' }))).toBe(7200);
    expect(await db.transaction((tx) => spendCredit(tx, { customerId, cents: 7000, reason: 'spent-on-deposit' }))).toBe(200);
    await expect(db.transaction((tx) => spendCredit(tx, { customerId, cents: 201, reason: 'spent-on-package', giftCardLast4: '1234' }))).rejects.toBeInstanceOf(CreditError);
    expect(await creditBalanceCents(db, customerId)).toBe(200);
    const other = await insertUser(db);
    expect(await creditBalanceCents(db, other)).toBe(0);
  });

  it('moves whole positive cents only', async () => {
    const db = await getDb();
    const customerId = await insertUser(db);
    await expect(db.transaction((tx) => grantCredit(tx, { customerId, cents: 0, reason: 'waived-fee' }))).rejects.toThrow(RangeError);
    await expect(db.transaction((tx) => grantCredit(tx, { customerId, cents: 12.5, reason: 'waived-fee' }))).rejects.toThrow(RangeError);
    await expect(db.transaction((tx) => spendCredit(tx, { customerId, cents: -100, reason: 'spent-on-deposit' }))).rejects.toThrow(RangeError);
  });

  it("turns a booking's deposit into credit once: a second 'deposit-credited' or 'waived-fee' for it is refused", async () => {
    const db = await getDb();
    const customerId = await insertUser(db);
    const bookingId = await insertAppointment(db, { customerId, therapistId: 1, start: '2030-01-07T15:00:00Z', minutes: 60 });
    await db.transaction((tx) => grantCredit(tx, { customerId, cents: 10000, reason: 'deposit-credited', bookingId }));
    await expect(db.transaction((tx) => grantCredit(tx, { customerId, cents: 10000, reason: 'waived-fee', bookingId }))).rejects.toThrow();
    expect(await creditBalanceCents(db, customerId)).toBe(10000);
  });

  it('refuses a row whose sign contradicts its reason (the table checks it too)', async () => {
    const db = await getDb();
    const customerId = await insertUser(db);
    await expect(db.insert(accountCredits).values({ customerId, amountCents: 500, reason: 'spent-on-deposit' })).rejects.toThrow();
    await expect(db.insert(accountCredits).values({ customerId, amountCents: -500, reason: 'late-payment' })).rejects.toThrow();
  });
});
