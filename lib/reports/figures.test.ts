import { localDateOf } from '@/lib/booking/dates';
import { insertUser } from '@/lib/booking/test-support/fixtures';
import { allGroupedPackages } from '@/lib/catalog/catalog';
import { closeDb, getDb } from '@/lib/db';
import { recordPaidOrder } from '@/lib/shopify/orders';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { packagesFor } from './figures';
import { reportMonthScenario } from './test-support/report-month';

jest.setTimeout(120_000);
createTempDataDir('salon-reports-');
afterAll(closeDb);

describe('the report of a hand-counted month (PGlite)', () => {
  reportMonthScenario(getDb);
});

describe('packages sold', () => {
  it('counts an order paid through the shop today, by the quantity bought, and its sessions as owed', async () => {
    const db = await getDb();
    const today = { from: localDateOf(Date.now()), to: localDateOf(Date.now()) };
    const offer = allGroupedPackages().find((candidate) => candidate.pvType === 3 && candidate.pvQtyCombined === 3)!;
    const before = await packagesFor(db, today, 'all');
    const customerId = await insertUser(db);
    const paid = await recordPaidOrder(
      {
        id: 4242,
        financial_status: 'paid',
        cancelled_at: null,
        note_attributes: [{ name: 'userid', value: customerId }],
        line_items: [{ sku: offer.pvSku, quantity: 2 }],
      },
      'demo',
    );
    expect(paid.status).toBe('credited');
    const after = await packagesFor(db, today, 'all');
    expect(after.sold - before.sold).toBe(2);
    expect(after.sessionsOwed - before.sessionsOwed).toBe(6);
    expect(after.owedValue.cents - before.owedValue.cents).toBe(Math.round(2 * Number(offer.pvPrice) * 100));
  });
});
