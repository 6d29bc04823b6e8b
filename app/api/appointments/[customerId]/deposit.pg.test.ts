import { eq } from 'drizzle-orm';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { isBookableAt } from '@/lib/catalog/catalog';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { LOCATIONS } from '@/lib/catalog/tables';
import { closeDb, getDatabase } from '@/lib/db';
import { accountCredits, appointments, deposits, meta, pendingDeposits } from '@/lib/db/schema';
import { creditBalanceCents } from '@/lib/deposits/credit';
import { setShopifyFetchForTests } from '@/lib/shopify/client';
import { installDemoShop } from '@/lib/shopify/demo/testing';
import { recordPaidOrder, type ShopifyOrder } from '@/lib/shopify/orders';
import { revalidateSkuVariantMap } from '@/lib/shopify';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { GET as SLOTS } from '../../slots/[location]/[areaId]/[therapistId]/[date]/[duration]/route';
import { POST } from './route';

/**
 * The deposit's paid-order webhook on a real PostgreSQL server (`npm run test:pg` inside scripts/with-postgres.sh):
 * deliveries of one order racing each other book the visit once, and two different orders paying one deposit book it
 * once and turn the other payment into credit. PGlite runs one transaction at a time, so only a server proves it.
 */
if (!process.env.DATABASE_URL) {
  throw new Error('deposit.pg.test.ts needs DATABASE_URL: run it as `bash scripts/with-postgres.sh npm run test:pg`.');
}

jest.setTimeout(180_000);
afterAll(closeDb);
freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });

const MICROBLADING = SERVICE_ITEMS.find((item) => item.value === 'WMBL001')!;

beforeEach(() => {
  revalidateSkuVariantMap();
  installDemoShop();
});
afterEach(() => setShopifyFetchForTests(undefined));

const LOCATION = LOCATIONS.find((location) => isBookableAt(MICROBLADING.id, location.id))!;

/**
 * The `skip`-th free start of microblading on the first day, 13 weeks ahead or later, that has one: 'YYYY-MM-DD HH:mm'.
 * The PostgreSQL files share one database and run at once: April 2027 is this file's, since the race tests count every
 * visit booked at their starts in January.
 */
async function freeTime(skip: number): Promise<string> {
  for (let day = 91; day < 120; day++) {
    const date = new Date(Date.parse('2027-01-04T17:00:00Z') + day * 86_400_000).toISOString().slice(0, 10);
    const params = { location: LOCATION.slug, areaId: String(MICROBLADING.areaId), therapistId: '0', date, duration: String(MICROBLADING.duration) };
    const slots = ((await (await callRoute(SLOTS, params, {})).json()) as { slots: { time: string }[] }).slots;
    if (slots.length > skip) return `${date} ${slots[skip]!.time}`;
  }
  throw new Error('No free time for microblading');
}

/** A microblading visit (a $100 deposit) of a new customer, held and waiting; its id and the customer's. */
async function waitingDeposit(skip: number): Promise<{ id: string; customerId: string }> {
  const { db } = await getDatabase();
  const customer = await signedIn(db);
  const card = cardFor([{ areaId: MICROBLADING.areaId, therapist: 0, date: await freeTime(skip), items: [MICROBLADING] }], { location: String(LOCATION.id) });
  const response = await callRoute(POST, { customerId: customer.userId }, jsonInit('POST', card, customer.cookie));
  expect(response.status).toBe(202);
  return { id: ((await response.json()) as { deposit: { id: string } }).deposit.id, customerId: customer.userId };
}

const order = (orderId: number, customerId: string, depositId: string): ShopifyOrder => ({
  id: orderId,
  name: `#${orderId}`,
  financial_status: 'paid',
  cancelled_at: null,
  note: customerId,
  note_attributes: [
    { name: 'userid', value: customerId },
    { name: 'deposit', value: depositId },
  ],
  line_items: [{ sku: 'DEPOSIT-1', quantity: 100 }],
});

describe('the deposit webhook on PostgreSQL', () => {
  it('runs on a real server', async () => {
    expect((await getDatabase()).kind).toBe('postgres');
  });

  it('ten deliveries of one order at once: one books the visit, nine are duplicates', async () => {
    const { db } = await getDatabase();
    const { id, customerId } = await waitingDeposit(0);
    const paid = order(9_100_001, customerId, id);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => recordPaidOrder(paid, 'shopify')));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['deposit-booked', ...Array(9).fill('duplicate')]);
    expect(await db.select().from(appointments).where(eq(appointments.bookingId, id))).toHaveLength(1);
    expect(await db.select().from(deposits).where(eq(deposits.bookingId, id))).toHaveLength(1);
    expect(await db.select().from(meta).where(eq(meta.key, 'shop-order:shopify:9100001'))).toHaveLength(1);
    expect(await db.select().from(accountCredits).where(eq(accountCredits.customerId, customerId))).toEqual([]);
  });

  it('two orders paying one deposit at once: the visit is booked once, the other payment is credit', async () => {
    const { db } = await getDatabase();
    const { id, customerId } = await waitingDeposit(8);
    const outcomes = await Promise.all([recordPaidOrder(order(9_200_001, customerId, id), 'shopify'), recordPaidOrder(order(9_200_002, customerId, id), 'shopify')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['deposit-booked', 'deposit-credited']);
    expect(await db.select().from(appointments).where(eq(appointments.bookingId, id))).toHaveLength(1);
    const [pending] = await db.select().from(pendingDeposits).where(eq(pendingDeposits.id, id));
    expect(pending!.status).toBe('booked');
    expect(await creditBalanceCents(db, customerId)).toBe(10000);
  });
});
