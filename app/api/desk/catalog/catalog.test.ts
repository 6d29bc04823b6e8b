import { desc, eq, sql } from 'drizzle-orm';
import { bookedSummary } from '@/lib/booking/booked-summary';
import { cardFor } from '@/lib/booking/test-support/cards';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { allGroupedPackages, allServiceItems, depositRuleOf, isBookableAt, serviceById, serviceByMoniker } from '@/lib/catalog/catalog';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { serverSearchEntries } from '@/lib/catalog/search-index';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, catalogChanges, catalogOffers, catalogServices } from '@/lib/db/schema';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { catalogDemoProducts } from '@/lib/shopify/demo/products';
import { freezeClockAt } from '@/lib/test-support/frozen-clock';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { GET as GET_APPOINTMENT } from '../../appointments/[customerId]/[cid]/route';
import { POST as BOOK } from '../../appointments/[customerId]/route';
import { DELETE as OFFER_DELETE, GET as OFFER_GET, PATCH as OFFER_PATCH } from './offers/[id]/route';
import { GET as OFFERS_GET, POST as OFFERS_POST } from './offers/route';
import { DELETE as SERVICE_DELETE, GET as SERVICE_GET, PATCH as SERVICE_PATCH } from './services/[id]/route';
import { GET as SERVICES_GET, POST as SERVICES_POST } from './services/route';

jest.setTimeout(120_000);
createTempDataDir('salon-menu-editor-');
afterAll(async () => {
  resetCatalogSnapshot();
  await closeDb();
});

// Monday 2027-01-04 noon in New York; visits go to the following weeks.
freezeClockAt('2027-01-04T17:00:00Z', { silenceConsoleInfo: true });

const seedService = (moniker: string) => SERVICE_ITEMS.find((item) => item.moniker === moniker)!;
const BRAZILIAN = seedService('womens-brazilian-wax');
const HALF_ARM = seedService('womens-half-arm-wax');
const EYEBROWS = seedService('womens-eyebrows-wax');
const CHIN = seedService('womens-chin-wax');

type Cookie = string | undefined;
const servicePath = (id: string) => `/api/desk/catalog/services/${id}/`;
const offerPath = (id: string) => `/api/desk/catalog/offers/${id}/`;

async function answer(response: Promise<Response>) {
  const r = await response;
  return { status: r.status, body: await r.json() };
}
const listServices = (query: string, cookie: Cookie) => answer(callRoute(SERVICES_GET, {}, { path: `/api/desk/catalog/services/${query}`, headers: cookie ? { cookie } : {} }));
const createService = (body: unknown, cookie: Cookie) => answer(callRoute(SERVICES_POST, {}, { path: '/api/desk/catalog/services/', ...jsonInit('POST', body, cookie) }));
const readService = (id: string, cookie: Cookie) => answer(callRoute(SERVICE_GET, { id }, { path: servicePath(id), headers: cookie ? { cookie } : {} }));
const patchService = (id: string, body: unknown, cookie: Cookie) => answer(callRoute(SERVICE_PATCH, { id }, { path: servicePath(id), ...jsonInit('PATCH', body, cookie) }));
const retireService = (id: string, cookie: Cookie) => answer(callRoute(SERVICE_DELETE, { id }, { path: servicePath(id), ...jsonInit('DELETE', '', cookie) }));
const listOffers = (query: string, cookie: Cookie) => answer(callRoute(OFFERS_GET, {}, { path: `/api/desk/catalog/offers/${query}`, headers: cookie ? { cookie } : {} }));
const createOffer = (body: unknown, cookie: Cookie) => answer(callRoute(OFFERS_POST, {}, { path: '/api/desk/catalog/offers/', ...jsonInit('POST', body, cookie) }));
const readOffer = (id: string, cookie: Cookie) => answer(callRoute(OFFER_GET, { id }, { path: offerPath(id), headers: cookie ? { cookie } : {} }));
const patchOffer = (id: string, body: unknown, cookie: Cookie) => answer(callRoute(OFFER_PATCH, { id }, { path: offerPath(id), ...jsonInit('PATCH', body, cookie) }));
const retireOffer = (id: string, cookie: Cookie) => answer(callRoute(OFFER_DELETE, { id }, { path: offerPath(id), ...jsonInit('DELETE', '', cookie) }));

async function serviceRow(id: string) {
  const [row] = await (await getDb()).select().from(catalogServices).where(eq(catalogServices.id, id));
  return row!;
}
async function offerRow(id: string) {
  const [row] = await (await getDb()).select().from(catalogOffers).where(eq(catalogOffers.id, id));
  return row!;
}
/** How many activity entries and published changes there are: a refused change adds neither. */
async function counts() {
  const db = await getDb();
  const [entries] = await db.select({ n: sql<number>`count(*)::int` }).from(activityLog);
  const [changes] = await db.select({ n: sql<number>`count(*)::int` }).from(catalogChanges);
  return { entries: entries!.n, changes: changes!.n };
}
async function lastEntry() {
  const [entry] = await (await getDb()).select().from(activityLog).orderBy(desc(activityLog.id)).limit(1);
  return entry!;
}

async function book(itemId: string, date: string, location = '1') {
  const db = await getDb();
  const customer = await signedIn(db);
  const item = serviceById(itemId)!;
  const response = await callRoute(BOOK, { customerId: customer.userId }, { path: `/api/appointments/${customer.userId}/`, ...jsonInit('POST', cardFor([{ date, items: [item] }], { location }), customer.cookie) });
  return { ...customer, status: response.status, body: await response.json() };
}

let owner: { userId: string; cookie: string };
let staff: { userId: string; cookie: string };
let customer: { userId: string; cookie: string };
beforeAll(async () => {
  const db = await getDb();
  owner = await signedIn(db, 'owner');
  staff = await signedIn(db, 'staff');
  customer = await signedIn(db, 'customer');
});

describe('who may use the menu editor', () => {
  const calls: [string, (cookie: Cookie) => Promise<{ status: number; body: unknown }>][] = [
    ['GET services', (c) => listServices('', c)],
    ['POST services', (c) => createService({ gender: 0, svcType: 1, name: 'Sneaky', price: 1, duration: 15 }, c)],
    ['GET a service', (c) => readService(BRAZILIAN.id, c)],
    ['PATCH a service', (c) => patchService(BRAZILIAN.id, { price: 1 }, c)],
    ['DELETE a service', (c) => retireService(BRAZILIAN.id, c)],
    ['GET offers', (c) => listOffers('', c)],
    ['POST offers', (c) => createOffer({ kind: 'package', serviceId: BRAZILIAN.id, sessions: 2, discount: 10 }, c)],
    ['GET an offer', (c) => readOffer(BRAZILIAN.spkg[0]!.pvId, c)],
    ['PATCH an offer', (c) => patchOffer(BRAZILIAN.spkg[0]!.pvId, { discount: 50 }, c)],
    ['DELETE an offer', (c) => retireOffer(BRAZILIAN.spkg[0]!.pvId, c)],
  ];

  it.each(calls)('%s: 401 for a visitor, 403 for a customer and the front desk, with no data, and nothing changes', async (_name, call) => {
    const before = await counts();
    const visitor = await call(undefined);
    expect(visitor).toEqual({ status: 401, body: { error: { code: 'unauthorized', message: 'Please sign in.' } } });
    for (const who of [customer, staff]) {
      expect(await call(who.cookie)).toEqual({ status: 403, body: { error: { code: 'forbidden', message: "This needs the owner's account." } } });
    }
    expect(await counts()).toEqual(before);
    expect(await serviceRow(BRAZILIAN.id)).toMatchObject({ price: 75, retiredAt: null });
    expect(await offerRow(BRAZILIAN.spkg[0]!.pvId)).toMatchObject({ price: 191.25, retiredAt: null });
  });
});

describe('finding services and offers', () => {
  it('lists the menu by words, gender, tab and status, in menu order', async () => {
    const all = await listServices('', owner.cookie);
    expect(all.status).toBe(200);
    expect(all.body.services).toHaveLength(SERVICE_ITEMS.length);
    const found = await listServices('?q=brazil&gender=women&tab=wax', owner.cookie);
    expect(found.body.services.map((s: { name: string }) => s.name)).toEqual(['Brazilian']);
    expect(found.body.services[0]).toMatchObject({
      id: BRAZILIAN.id,
      sku: BRAZILIAN.value,
      moniker: 'womens-brazilian-wax',
      price: 75,
      duration: 45,
      bookableAt: ['soho', 'midtown', 'nolita'],
      gender: 0,
      tab: 'wax',
      retired: false,
      href: '/services/womens-brazilian-wax/',
      editHref: `/desk/menu/services/${BRAZILIAN.id}/`,
    });
    const men = await listServices('?gender=men&tab=laser', owner.cookie);
    expect(men.body.services.length).toBeGreaterThan(5);
    expect(men.body.services.every((s: { gender: number; tab: string }) => s.gender === 1 && s.tab === 'laser')).toBe(true);
    expect((await listServices('?status=retired', owner.cookie)).body.services).toEqual([]);
  });

  it('answers 400 for a query it does not know, naming the parameter', async () => {
    const bad = await listServices('?tab=hats', owner.cookie);
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'bad_query', fields: { tab: 'tab is a tab of the menu, like wax or laser.' } } } });
  });

  it("lists a service's packages and bundles with their prices worked out", async () => {
    const { status, body } = await readService(BRAZILIAN.id, owner.cookie);
    expect(status).toBe(200);
    const kinds = body.offers.map((o: { kind: string; sessions: number }) => `${o.kind}${o.sessions}`);
    expect(kinds.filter((k: string) => k.startsWith('package'))).toEqual(['package3', 'package6']);
    expect(body.offers.filter((o: { kind: string }) => o.kind === 'bundle').length).toBeGreaterThanOrEqual(4);
    expect(body.offers[0]).toMatchObject({ name: 'Brazilian Wax, 3 sessions', price: 191.25, original: 225, saving: 33.75, discount: 15, perSession: 63.75 });
    expect(body.retirement).toMatchObject({ upcomingVisits: 0, heldSessions: { customers: 0, sessions: 0 } });
    const bundles = await listOffers(`?kind=bundle&serviceId=${BRAZILIAN.id}`, owner.cookie);
    expect(bundles.body.offers.map((o: { sku: string }) => o.sku)).toEqual(expect.arrayContaining(['BNDL001', 'BNDL002']));
  });

  it('answers 404 for an id not on the menu and 400 for one that is not an id', async () => {
    const unknown = '11111111-2222-4333-8444-555555555555';
    expect((await readService(unknown, owner.cookie)).status).toBe(404);
    expect((await patchService(unknown, { price: 70 }, owner.cookie)).status).toBe(404);
    expect((await retireService(unknown, owner.cookie)).status).toBe(404);
    expect((await readOffer(unknown, owner.cookie)).status).toBe(404);
    expect((await patchOffer(unknown, { discount: 10 }, owner.cookie)).status).toBe(404);
    expect((await retireOffer(unknown, owner.cookie)).status).toBe(404);
    expect(await readService('brazilian', owner.cookie)).toMatchObject({ status: 400, body: { error: { code: 'bad_params' } } });
  });
});

describe('changing a service', () => {
  it('refuses bad input with a sentence for the field and changes nothing', async () => {
    const before = await counts();
    const bad: [unknown, Record<string, string>][] = [
      [{ price: -5 }, { price: 'A price cannot be below $0.' }],
      [{ price: 'lots' }, { price: 'Enter a price in dollars, like 70 or 70.50.' }],
      [{ duration: 400 }, { duration: 'A service takes 15 to 360 minutes.' }],
      [{ duration: 50 }, { duration: 'Use steps of 15 minutes (45, 60, 75, …).' }],
      [{ name: '' }, { name: 'Enter the name.' }],
      [{ name: 'Full Leg' }, { name: "The women's wax menu already has a service named Full Leg." }],
      [{ bookableAt: ['soho', 'queens'] }, { 'bookableAt.1': 'Choose locations by their slug: soho, midtown, williamsburg or nolita.' }],
      [{ price: 80, duration: 50 }, { duration: 'Use steps of 15 minutes (45, 60, 75, …).' }],
    ];
    for (const [body, fields] of bad) {
      const refused = await patchService(BRAZILIAN.id, body, owner.cookie);
      expect(refused).toEqual({ status: 422, body: { error: { code: 'invalid', message: 'Please check the highlighted fields.', fields } } });
    }
    expect((await patchService(BRAZILIAN.id, '{"price":', owner.cookie)).status).toBe(400);
    expect(await counts()).toEqual(before);
    const row = await serviceRow(BRAZILIAN.id);
    expect(row).toMatchObject({ price: 75, duration: 45, name: 'Brazilian' });
    expect(row.data).toMatchObject({ price: 75, duration: 45 });
  });

  it('changes the Brazilian wax price in the row, its data and the snapshot, reprices its packages and bundles, and logs it', async () => {
    const before = await counts();
    const bundle = (await offerRow(BRAZILIAN.spkg.find((o) => o.pvSku === 'BNDL001')!.pvId));
    expect(bundle.price).toBe(85);
    const { status, body } = await patchService(BRAZILIAN.id, { price: '80.00' }, owner.cookie);
    expect(status).toBe(200);
    expect(body.changed).toBe(true);
    expect(body.service).toMatchObject({ id: BRAZILIAN.id, price: 80, moniker: 'womens-brazilian-wax' });
    const row = await serviceRow(BRAZILIAN.id);
    expect(row.price).toBe(80);
    expect(row.data).toMatchObject({ price: 80, name: 'Brazilian', title: 'Brazilian Wax for Women in NYC' });

    // Packages: sessions x price less the discount; their words follow the numbers.
    const x3 = await offerRow(BRAZILIAN.spkg.find((o) => o.pvSku === `${BRAZILIAN.value}X3`)!.pvId);
    expect(x3.price).toBe(204);
    expect(x3.data).toMatchObject({ pvPrice: 204, pvDescription: expect.stringMatching(/^3 sessions of Brazilian wax for \$204 \(15% off\), \$68 a session\./) });
    expect((await offerRow(BRAZILIAN.spkg.find((o) => o.pvSku === `${BRAZILIAN.value}X6`)!.pvId)).price).toBe(384);
    // Brazilian and Underarm: (80 + 25) less 15%.
    expect((await offerRow(bundle.id)).price).toBe(89.25);

    // This instance's catalogue has it at once: the pages, search and booking read the snapshot.
    expect(serviceById(BRAZILIAN.id)!.price).toBe(80);
    expect(serviceByMoniker('womens-brazilian-wax')!.spkg.find((o) => o.pvSku === 'BNDL001')).toMatchObject({ pvPrice: 89.25, svcPrice: 80 });
    expect(serverSearchEntries().find((entry) => entry.href === '/services/womens-brazilian-wax/')).toMatchObject({ price: '$80' });
    // The demo shop lists the package so that its '15%OFF' code brings it to the new price.
    expect(catalogDemoProducts().find((product) => product.sku === `${BRAZILIAN.value}X3`)).toMatchObject({ price: 240 });

    const entry = await lastEntry();
    expect(entry).toMatchObject({ actorId: owner.userId, kind: 'menu', action: 'changed', subject: "Brazilian (women's wax)" });
    expect(entry.summary).toMatch(/^Price \$75\.00 → \$80\.00; 2 packages and \d+ bundles repriced$/);
    expect(entry.before).toMatchObject({ price: 75 });
    expect(entry.after).toMatchObject({ price: 80 });
    const [change] = await (await getDb()).select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
    expect(change!.tags).toEqual(['catalog-menu']);
    expect(await counts()).toEqual({ entries: before.entries + 1, changes: before.changes + 1 });
  });

  it('writes nothing for a change to what the service already has', async () => {
    const before = await counts();
    const same = await patchService(BRAZILIAN.id, { price: 80, duration: '45' }, owner.cookie);
    expect(same).toMatchObject({ status: 200, body: { changed: false, service: { price: 80 } } });
    expect(await counts()).toEqual(before);
  });

  it('renames a service: its title and its packages\' words follow, its address stays', async () => {
    const { status, body } = await patchService(HALF_ARM.id, { name: 'Half Arms', duration: 45, desc: 'Forearms or upper arms.' }, owner.cookie);
    expect(status).toBe(200);
    expect(body.service).toMatchObject({ name: 'Half Arms', moniker: 'womens-half-arm-wax', duration: 45, desc: 'Forearms or upper arms.' });
    expect((await serviceRow(HALF_ARM.id)).data).toMatchObject({ name: 'Half Arms', title: 'Half Arms Wax for Women in NYC', duration: 45 });
    const x3 = await offerRow(HALF_ARM.spkg[0]!.pvId);
    expect(x3.data).toMatchObject({ pvTitle: 'Half Arms Wax, 3 sessions', pvMetaTitle: 'Half Arms Wax for Women, 3 sessions | NYC' });
    expect(serviceByMoniker('womens-half-arm-wax')!.spkg[0]).toMatchObject({ svcName: 'Half Arms', svcDuration: 45 });
    expect((await lastEntry()).summary).toBe('Name Half Arm → Half Arms; Duration 30 min → 45 min; Description changed');
  });

  it('takes a service off online booking at a location: booking it there is refused, elsewhere it books', async () => {
    expect(isBookableAt(EYEBROWS.id, 2)).toBe(true);
    const { status, body } = await patchService(EYEBROWS.id, { bookableAt: ['soho'] }, owner.cookie);
    expect(status).toBe(200);
    expect(body.service.bookableAt).toEqual(['soho']);
    expect((await serviceRow(EYEBROWS.id)).bookableAt).toEqual([1]);
    expect((await lastEntry()).summary).toBe('Online at SoHo, Midtown, Nolita → SoHo');
    expect(isBookableAt(EYEBROWS.id, 2)).toBe(false);
    const midtown = await book(EYEBROWS.id, '2027-01-12 10:00', '2');
    expect(midtown.status).toBe(422);
    expect(JSON.stringify(midtown.body)).toContain('Eyebrows is not offered in Midtown online: please take it out of your booking.');
    expect((await book(EYEBROWS.id, '2027-01-12 10:00', '1')).status).toBe(201);
  });

  it('says when customers cannot book the saved service online: no location ticked, or no therapist does it there', async () => {
    const none = await patchService(BRAZILIAN.id, { bookableAt: [] }, owner.cookie);
    expect(none.status).toBe(200);
    expect(none.body.warning).toBe(`No location is ticked: customers cannot find or book ${BRAZILIAN.name} online (the desk still can where a therapist does it).`);
    expect(serverSearchEntries().some((entry) => entry.ref.id === BRAZILIAN.id)).toBe(false);
    const nobody = await patchService(BRAZILIAN.id, { bookableAt: ['soho', 'williamsburg'] }, owner.cookie);
    expect(nobody.body.warning).toBe(`No therapist at Williamsburg does ${BRAZILIAN.name} yet: customers cannot book it there until one does.`);
    const back = await patchService(BRAZILIAN.id, { bookableAt: ['soho', 'midtown', 'nolita'] }, owner.cookie);
    expect(back.body).toMatchObject({ changed: true });
    expect(back.body.warning).toBeUndefined();
  });
});

describe("a service's deposit", () => {
  it('is set to a fixed amount, a percentage or none, logged, and read by booking at once', async () => {
    expect(depositRuleOf(CHIN.id)).toBeUndefined();
    const fixed = await patchService(CHIN.id, { deposit: { kind: 'fixed', amount: '20' } }, owner.cookie);
    expect(fixed).toMatchObject({ status: 200, body: { changed: true, service: { deposit: { kind: 'fixed', cents: 2000 } } } });
    expect((await serviceRow(CHIN.id)).deposit).toEqual({ kind: 'fixed', cents: 2000 });
    expect(depositRuleOf(CHIN.id)).toEqual({ kind: 'fixed', cents: 2000 });
    expect(await lastEntry()).toMatchObject({ kind: 'menu', action: 'changed', summary: 'Deposit none → $20.00', before: { deposit: null }, after: { deposit: { kind: 'fixed', cents: 2000 } } });

    expect((await patchService(CHIN.id, { deposit: { kind: 'percent', percent: '25%' } }, owner.cookie)).status).toBe(200);
    expect((await lastEntry()).summary).toBe('Deposit $20.00 → 25% of the price');
    expect(depositRuleOf(CHIN.id)).toEqual({ kind: 'percent', percent: 25 });

    const before = await counts();
    expect(await patchService(CHIN.id, { deposit: { kind: 'percent', percent: 25 } }, owner.cookie)).toMatchObject({ status: 200, body: { changed: false } });
    expect(await counts()).toEqual(before);

    expect((await patchService(CHIN.id, { deposit: 'none' }, owner.cookie)).status).toBe(200);
    expect((await lastEntry()).summary).toBe('Deposit 25% of the price → none');
    expect((await serviceRow(CHIN.id)).deposit).toBeNull();
    expect(depositRuleOf(CHIN.id)).toBeUndefined();
  });

  it('refuses an amount that is not whole dollars or a percentage outside 1 to 100, and changes nothing', async () => {
    const before = await counts();
    const bad: [unknown, Record<string, string>][] = [
      [{ deposit: { kind: 'fixed', amount: '20.50' } }, { 'deposit.amount': 'Enter the deposit in whole dollars, from $1 to $10,000, like 50.' }],
      [{ deposit: { kind: 'fixed', amount: 0 } }, { 'deposit.amount': 'Enter the deposit in whole dollars, from $1 to $10,000, like 50.' }],
      [{ deposit: { kind: 'percent', percent: '0' } }, { 'deposit.percent': 'Enter a whole percentage of the price from 1 to 100, like 25.' }],
      [{ deposit: { kind: 'percent', percent: 150 } }, { 'deposit.percent': 'Enter a whole percentage of the price from 1 to 100, like 25.' }],
    ];
    for (const [body, fields] of bad) {
      expect(await patchService(CHIN.id, body, owner.cookie)).toEqual({ status: 422, body: { error: { code: 'invalid', message: 'Please check the highlighted fields.', fields } } });
    }
    const unknownKind = await patchService(CHIN.id, { deposit: { kind: 'flat', cents: 100 } }, owner.cookie);
    expect(unknownKind.status).toBe(422);
    expect(await counts()).toEqual(before);
    expect((await serviceRow(CHIN.id)).deposit).toBeNull();
  });
});

describe('a booked visit keeps the price it was booked at', () => {
  it('shows and charges the old price after a change; a new booking pays the new one', async () => {
    const visit = await book(CHIN.id, '2027-01-13 11:00');
    expect(visit.status).toBe(201);
    expect(visit.body.appointments[0].price).toBe(15);
    expect((await patchService(CHIN.id, { price: 18 }, owner.cookie)).status).toBe(200);

    const path = `/api/appointments/${visit.userId}/${visit.body.header.aptId}/`;
    const read = await answer(callRoute(GET_APPOINTMENT, { customerId: visit.userId, cid: visit.body.header.aptId }, { path, headers: { cookie: visit.cookie } }));
    expect(read.status).toBe(200);
    expect(read.body.appointments[0]).toMatchObject({ price: 15, lines: [expect.objectContaining({ id: CHIN.id, price: 15 })] });
    expect(bookedSummary(read.body.appointments).totalPrice).toBe(15);

    const later = await book(CHIN.id, '2027-01-13 12:00');
    expect(later.status).toBe(201);
    expect(later.body.appointments[0].price).toBe(18);
  });
});

describe('adding and retiring a service', () => {
  const seedWaxSkus = SERVICE_ITEMS.filter((item) => item.value.startsWith('WWHR')).map((item) => Number(item.value.slice(4)));
  const nextWax = (n: number) => `WWHR${String(Math.max(...seedWaxSkus) + n).padStart(3, '0')}`;
  let nape: { id: string };

  it("adds a service to a tab: a moniker from its name, the type's next SKU, a GUID, the section's defaults", async () => {
    const before = await counts();
    const made = await createService({ gender: 0, svcType: 1, name: 'Nape', price: '20', duration: 15, desc: 'The fine hair at the back of the neck.' }, owner.cookie);
    expect(made.status).toBe(201);
    nape = made.body.service;
    expect(made.body.service).toMatchObject({ name: 'Nape', moniker: 'womens-nape-wax', sku: nextWax(1), price: 20, duration: 15, gender: 0, tab: 'wax', bookableAt: ['soho', 'midtown', 'nolita'] });
    expect(nape.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const row = await serviceRow(nape.id);
    expect(row.data).toMatchObject({ title: 'Nape Wax for Women in NYC', wt: 1, bp: 51, tprice: null, areaId: 1, lg: '/images/services/wax/women/womens-nape-wax.jpg', desc: 'The fine hair at the back of the neck.' });
    // After the last women's wax, before whatever followed it.
    const lastWax = SERVICE_ITEMS.filter((item) => item.svcType === 1 && item.gen === 0).at(-1)!;
    const waxOrder = allServiceItems().filter((item) => item.svcType === 1 && item.gen === 0);
    expect(waxOrder.at(-1)!.id).toBe(nape.id);
    expect(waxOrder.at(-2)!.id).toBe(lastWax.id);
    expect(serviceByMoniker('womens-nape-wax')?.id).toBe(nape.id);
    expect(sitemapEntries().some((entry) => entry.path === '/services/womens-nape-wax/')).toBe(true);
    expect((await lastEntry()).summary).toBe('Added: $20.00, 15 min, online at SoHo, Midtown, Nolita');
    expect(await counts()).toEqual({ entries: before.entries + 1, changes: before.changes + 1 });
  });

  it('refuses a second service of the same name in the same tab, and a type of the other gender', async () => {
    const before = await counts();
    expect(await createService({ gender: 0, svcType: 1, name: 'nape', price: 20, duration: 15 }, owner.cookie)).toMatchObject({
      status: 422,
      body: { error: { fields: { name: "The women's wax menu already has a service named nape." } } },
    });
    expect((await createService({ gender: 1, svcType: 1, name: 'Nape', price: 20, duration: 15 }, owner.cookie)).body.error.fields).toEqual({ svcType: "Choose a service type of the men's menu." });
    expect(await counts()).toEqual(before);
  });

  it('retires it: out of the menus, sitemap, search and booking; its row, moniker and SKU are kept and never given again', async () => {
    const visit = await book(nape.id, '2027-01-14 10:00');
    expect(visit.status).toBe(201);
    const { status, body } = await retireService(nape.id, owner.cookie);
    expect(status).toBe(200);
    expect(body.service).toMatchObject({ id: nape.id, retired: true });
    expect((await serviceRow(nape.id)).retiredAt).toBeInstanceOf(Date);
    expect(allServiceItems().some((item) => item.id === nape.id)).toBe(false);
    expect(serviceByMoniker('womens-nape-wax')).toBeUndefined();
    expect(serviceById(nape.id)?.name).toBe('Nape');
    expect(sitemapEntries().some((entry) => entry.path === '/services/womens-nape-wax/')).toBe(false);
    expect(serverSearchEntries().some((entry) => entry.href.includes('womens-nape-wax'))).toBe(false);
    expect((await lastEntry()).summary).toBe('Retired: off the menus, search and online booking; 1 booked visit keep it');
    // The booked visit keeps it; a new booking is refused.
    const kept = await answer(callRoute(GET_APPOINTMENT, { customerId: visit.userId, cid: visit.body.header.aptId }, { path: '/x/', headers: { cookie: visit.cookie } }));
    expect(kept.body.appointments[0]).toMatchObject({ status: 'booked', lines: [expect.objectContaining({ name: 'Nape', price: 20 })] });
    const refused = await book(nape.id, '2027-01-14 12:00');
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('Nape is no longer offered.');
    // Changing or retiring it again is refused.
    expect(await patchService(nape.id, { price: 25 }, owner.cookie)).toMatchObject({ status: 409, body: { error: { code: 'retired' } } });
    expect(await retireService(nape.id, owner.cookie)).toMatchObject({ status: 409, body: { error: { code: 'already_retired', message: 'Nape is already retired.' } } });

    const again = await createService({ gender: 0, svcType: 1, name: 'Nape', price: 22, duration: 15 }, owner.cookie);
    expect(again.status).toBe(201);
    expect(again.body.service).toMatchObject({ moniker: 'womens-nape-wax-2', sku: nextWax(2) });
    expect(again.body.service.id).not.toBe(nape.id);
  });

  it('retires a service with its packages; one a bundle holds is refused, naming the bundles', async () => {
    const inBundles = await retireService(BRAZILIAN.id, owner.cookie);
    expect(inBundles.status).toBe(409);
    expect(inBundles.body.error.code).toBe('in_bundles');
    expect(inBundles.body.error.message).toMatch(/^Brazilian is in \d+ bundles Brazilian and Underarm Wax, .+: take it out of them, or retire them, first\.$/);
    expect((await serviceRow(BRAZILIAN.id)).retiredAt).toBeNull();

    const { status, body } = await retireService(HALF_ARM.id, owner.cookie);
    expect(status).toBe(200);
    expect(body.packages.map((o: { name: string }) => o.name)).toEqual(['Half Arms Wax, 3 sessions', 'Half Arms Wax, 6 sessions']);
    for (const offer of HALF_ARM.spkg) expect((await offerRow(offer.pvId)).retiredAt).toBeInstanceOf(Date);
    expect(allGroupedPackages().some((offer) => offer.pvId === HALF_ARM.spkg[0]!.pvId)).toBe(false);
  });
});

describe('packages and bundles', () => {
  let napeId: string;
  beforeAll(async () => {
    napeId = (await listServices('?q=nape&status=live', owner.cookie)).body.services[0].id;
  });

  it('adds a package: the service SKU and moniker with the sessions, the price and words from the discount', async () => {
    const made = await createOffer({ kind: 'package', serviceId: napeId, sessions: '3', discount: '15' }, owner.cookie);
    expect(made.status).toBe(201);
    const service = (await serviceRow(napeId));
    expect(made.body.offer).toMatchObject({ kind: 'package', sku: `${service.sku}X3`, moniker: 'womens-nape-wax-2-x3', sessions: 3, discount: 15, price: 56.1, original: 66, name: 'Nape Wax, 3 sessions' });
    expect((await offerRow(made.body.offer.id)).data).toMatchObject({ pvPrice: 56.1, discId: 14, discTitle: '15% off', pvType: 3, spfId: 0, isSpecial: 0 });
    expect(serviceById(napeId)!.spkg.map((o) => o.pvTitle)).toEqual(['Nape Wax, 3 sessions']);
    expect(await createOffer({ kind: 'package', serviceId: napeId, sessions: 3, discount: 20 }, owner.cookie)).toMatchObject({
      status: 422,
      body: { error: { fields: { sessions: 'Nape already has a 3-session package.' } } },
    });
    expect((await createOffer({ kind: 'package', serviceId: napeId, sessions: 1, discount: null }, owner.cookie)).body.error.fields).toEqual({
      discount: 'A one-session package is a first-visit offer: choose its discount.',
    });
  });

  it('changes a package\'s discount and sessions: the price follows; a bad value changes nothing', async () => {
    const [pkg] = (await listOffers(`?serviceId=${napeId}`, owner.cookie)).body.offers;
    const before = await counts();
    for (const [body, fields] of [
      [{ discount: 12 }, { discount: 'Choose a discount of 10, 15, 20, 25, 30, 35, 40 or 50%, or none.' }],
      [{ sessions: 8 }, { sessions: 'Choose 1, 2, 3, 4, 5, 6 or 9 sessions.' }],
      [{ serviceIds: [napeId, CHIN.id] }, { serviceIds: 'A package is of one service: make a bundle to sell several.' }],
    ] as const) {
      expect(await patchOffer(pkg.id, body, owner.cookie)).toMatchObject({ status: 422, body: { error: { fields } } });
    }
    expect(await counts()).toEqual(before);
    const changed = await patchOffer(pkg.id, { sessions: 6, discount: 20 }, owner.cookie);
    expect(changed.body.offer).toMatchObject({ sessions: 6, discount: 20, price: 105.6, name: 'Nape Wax, 6 sessions' });
    // The words made from the numbers follow them, and the log says so.
    expect((await lastEntry()).summary).toBe('Name Nape Wax, 3 sessions → Nape Wax, 6 sessions; Sessions 3 → 6; Discount 15% → 20%; Description changed; Price $56.10 → $105.60');
    const full = await patchOffer(pkg.id, { fullPrice: true }, owner.cookie);
    expect(full.body.offer).toMatchObject({ price: 132, fullPrice: true });
    expect((await offerRow(pkg.id)).data).toMatchObject({ priceException: true, pvPrice: 132 });
  });

  it('adds a bundle with the next BNDL code, changes its services and retires it; its row stays', async () => {
    const made = await createOffer({ kind: 'bundle', serviceIds: [napeId, CHIN.id], discount: 10, name: 'Nape and Chin', desc: 'Two quick waxes in one visit.' }, owner.cookie);
    expect(made.status).toBe(201);
    // Nape $22 and Chin $18 (changed above), less 10%.
    expect(made.body.offer).toMatchObject({ kind: 'bundle', sku: 'BNDL027', moniker: 'nape-and-chin-bundle', price: 36, sessions: 1, perSession: 18 });
    expect((await offerRow(made.body.offer.id)).data).toMatchObject({ pvMetaTitle: 'Nape and Chin bundle | NYC', pvMetaKeyWord: 'nape, chin', pvType: 4 });
    expect(serviceById(CHIN.id)!.spkg.some((offer) => offer.pvId === made.body.offer.id)).toBe(true);

    const men = SERVICE_ITEMS.find((item) => item.gen === 1)!;
    expect((await patchOffer(made.body.offer.id, { serviceIds: [napeId, men.id] }, owner.cookie)).body.error.fields).toEqual({ serviceIds: "A bundle's services are all women's or all men's." });
    expect((await patchOffer(made.body.offer.id, { sessions: 3 }, owner.cookie)).body.error.fields).toEqual({ sessions: 'A bundle is sold as one visit: it has no sessions to change.' });
    const three = await patchOffer(made.body.offer.id, { serviceIds: [napeId, CHIN.id, EYEBROWS.id] }, owner.cookie);
    expect(three.body.offer).toMatchObject({ price: 63, services: [{ name: 'Nape' }, { name: 'Chin' }, { name: 'Eyebrows' }] });
    expect((await offerRow(made.body.offer.id)).data).toMatchObject({ pvMetaKeyWord: 'nape, chin, eyebrows' });

    expect((await retireOffer(made.body.offer.id, owner.cookie)).status).toBe(200);
    expect(serviceById(CHIN.id)!.spkg.some((offer) => offer.pvId === made.body.offer.id)).toBe(false);
    expect(await retireOffer(made.body.offer.id, owner.cookie)).toMatchObject({ status: 409, body: { error: { code: 'already_retired' } } });
    expect((await offerRow(made.body.offer.id)).sku).toBe('BNDL027');
    const next = await createOffer({ kind: 'bundle', serviceIds: [CHIN.id, EYEBROWS.id], discount: null, name: 'Nape and Chin', desc: 'Again.' }, owner.cookie);
    expect(next.body.offer).toMatchObject({ sku: 'BNDL028', moniker: 'nape-and-chin-bundle-2' });
  });

  it('brings a retired package back when one of the same sessions is added again', async () => {
    const [pkg] = (await listOffers(`?serviceId=${napeId}&kind=package`, owner.cookie)).body.offers;
    expect((await retireOffer(pkg.id, owner.cookie)).status).toBe(200);
    const back = await createOffer({ kind: 'package', serviceId: napeId, sessions: 6, discount: 25 }, owner.cookie);
    expect(back.status).toBe(201);
    expect(back.body.offer).toMatchObject({ id: pkg.id, sku: pkg.sku, moniker: pkg.moniker, discount: 25, retired: false });
    expect((await lastEntry()).action).toBe('restored');
  });
});
