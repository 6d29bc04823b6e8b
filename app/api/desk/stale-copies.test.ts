import { eq, sql } from 'drizzle-orm';
import { callRoute, jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, catalogChanges, catalogOffers, catalogServices, therapistServices, therapists } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { PATCH as OFFER_PATCH, GET as OFFER_GET } from './catalog/offers/[id]/route';
import { PATCH as SERVICE_PATCH, GET as SERVICE_GET } from './catalog/services/[id]/route';
import { PATCH as THERAPIST_PATCH } from './therapists/[id]/route';
import { GET as THERAPISTS_GET } from './therapists/route';

/**
 * The owner's edit forms post the whole record: a save made from a copy read before another save is refused (409
 * changed_meanwhile) with nothing written, so that it cannot put the other save's values back unseen.
 */

jest.setTimeout(120_000);
createTempDataDir('salon-stale-copies-');
afterAll(async () => {
  resetCatalogSnapshot();
  await closeDb();
});

const BRAZILIAN = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
const PACKAGE = BRAZILIAN.spkg[0]!.pvId;

let cookie: string;
beforeAll(async () => {
  cookie = (await signedIn(await getDb(), 'owner')).cookie;
});

async function answer(response: Promise<Response>) {
  const r = await response;
  return { status: r.status, body: await r.json() };
}
const servicePath = (id: string) => `/api/desk/catalog/services/${id}/`;
const offerPath = (id: string) => `/api/desk/catalog/offers/${id}/`;
const readService = (id: string) => answer(callRoute(SERVICE_GET, { id }, { path: servicePath(id), headers: { cookie } }));
const patchService = (id: string, body: unknown) => answer(callRoute(SERVICE_PATCH, { id }, { path: servicePath(id), ...jsonInit('PATCH', body, cookie) }));
const readOffer = (id: string) => answer(callRoute(OFFER_GET, { id }, { path: offerPath(id), headers: { cookie } }));
const patchOffer = (id: string, body: unknown) => answer(callRoute(OFFER_PATCH, { id }, { path: offerPath(id), ...jsonInit('PATCH', body, cookie) }));
const readTherapist = async (id: number) =>
  ((await answer(callRoute(THERAPISTS_GET, {}, { path: '/api/desk/therapists/', headers: { cookie } }))).body.therapists as { id: number; updatedAt: string }[]).find((t) => t.id === id)!;
const patchTherapist = (id: number, body: unknown) => answer(callRoute(THERAPIST_PATCH, { id: String(id) }, { path: `/api/desk/therapists/${id}/`, ...jsonInit('PATCH', body, cookie) }));

/** Everything a refused save must leave as it was. */
async function written() {
  const db = await getDb();
  const [entries] = await db.select({ n: sql<number>`count(*)::int` }).from(activityLog);
  const [changes] = await db.select({ n: sql<number>`count(*)::int` }).from(catalogChanges);
  return {
    entries: entries!.n,
    changes: changes!.n,
    service: (await db.select().from(catalogServices).where(eq(catalogServices.id, BRAZILIAN.id)))[0],
    offer: (await db.select().from(catalogOffers).where(eq(catalogOffers.id, PACKAGE)))[0],
    therapist: (await db.select().from(therapists).where(eq(therapists.id, 1)))[0],
    work: await db.select().from(therapistServices).where(eq(therapistServices.therapistId, 1)),
  };
}

const refusal = (name: string) => ({
  status: 409,
  body: { error: { code: 'changed_meanwhile', message: `${name} was changed since you opened it, so nothing was saved: open it again to see that change, then make yours again.` } },
});

describe('a service', () => {
  it('saved from a copy read before another save is refused 409, and nothing is written', async () => {
    const tabB = (await readService(BRAZILIAN.id)).body.service;
    const tabA = (await readService(BRAZILIAN.id)).body.service;
    const saved = await patchService(BRAZILIAN.id, { price: 120, desc: tabA.desc, updatedAt: tabA.updatedAt });
    expect(saved).toMatchObject({ status: 200, body: { changed: true, service: { price: 120 } } });
    expect(saved.body.service.updatedAt).not.toBe(tabA.updatedAt);

    const before = await written();
    expect(await patchService(BRAZILIAN.id, { price: tabB.price, desc: 'Changed in tab B.', updatedAt: tabB.updatedAt })).toEqual(refusal(BRAZILIAN.name));
    // A form whose page had no stamp sends '': a copy of unknown age.
    expect(await patchService(BRAZILIAN.id, { desc: 'Changed in tab B.', updatedAt: '' })).toEqual(refusal(BRAZILIAN.name));
    expect(await written()).toEqual(before);
    expect(before.service).toMatchObject({ price: 120 });
  });

  it('saved from the current copy works as before, and the API without updatedAt too', async () => {
    const current = (await readService(BRAZILIAN.id)).body.service;
    const saved = await patchService(BRAZILIAN.id, { desc: 'Smooth for weeks.', updatedAt: current.updatedAt });
    expect(saved).toMatchObject({ status: 200, body: { changed: true, service: { desc: 'Smooth for weeks.', price: 120 } } });
    // The same stamp in another form (an offset instead of Z) names the same copy.
    const again = saved.body.service.updatedAt as string;
    expect(await patchService(BRAZILIAN.id, { duration: BRAZILIAN.duration + 15, updatedAt: again.replace('Z', '+00:00') })).toMatchObject({ status: 200, body: { changed: true } });
    expect(await patchService(BRAZILIAN.id, { desc: 'Smooth for a month.' })).toMatchObject({ status: 200, body: { changed: true, service: { desc: 'Smooth for a month.' } } });
    expect(await patchService(BRAZILIAN.id, { updatedAt: 'yesterday' })).toMatchObject({ status: 422 });
  });
});

describe('a package or bundle', () => {
  it('saved from a copy read before another save is refused 409, and nothing is written', async () => {
    const tabB = (await readOffer(PACKAGE)).body.offer;
    const tabA = (await readOffer(PACKAGE)).body.offer;
    expect(await patchOffer(PACKAGE, { name: tabA.name, desc: tabA.desc, discount: 20, updatedAt: tabA.updatedAt })).toMatchObject({ status: 200, body: { changed: true, offer: { discount: 20 } } });

    const before = await written();
    expect(await patchOffer(PACKAGE, { name: tabB.name, desc: 'Changed in tab B.', discount: tabB.discount, updatedAt: tabB.updatedAt })).toEqual(refusal(tabB.name));
    expect(await written()).toEqual(before);
  });

  it("read before its service's price changed, is refused too: its own price followed", async () => {
    const copy = (await readOffer(PACKAGE)).body.offer;
    expect(await patchService(BRAZILIAN.id, { price: 130 })).toMatchObject({ status: 200, body: { changed: true } });
    const before = await written();
    expect(await patchOffer(PACKAGE, { discount: copy.discount, desc: 'Old words.', updatedAt: copy.updatedAt })).toEqual(refusal(copy.name));
    expect(await written()).toEqual(before);
  });

  it('saved from the current copy works as before', async () => {
    const current = (await readOffer(PACKAGE)).body.offer;
    expect(await patchOffer(PACKAGE, { desc: 'Three visits, one price.', updatedAt: current.updatedAt })).toMatchObject({ status: 200, body: { changed: true, offer: { desc: 'Three visits, one price.' } } });
    expect(await patchOffer(PACKAGE, { desc: 'Three visits for less.' })).toMatchObject({ status: 200, body: { changed: true } });
  });
});

describe('a therapist', () => {
  it('saved from a copy read before another save is refused 409, and nothing is written', async () => {
    const tabB = await readTherapist(1);
    const tabA = await readTherapist(1);
    expect(await patchTherapist(1, { bio: 'Waxing since 2009.', updatedAt: tabA.updatedAt })).toMatchObject({ status: 200, body: { therapist: { bio: 'Waxing since 2009.' } } });

    const before = await written();
    expect(await patchTherapist(1, { name: 'Maria Lopez', bio: 'Changed in tab B.', work: [{ location: 'soho', serviceIds: [BRAZILIAN.id] }], updatedAt: tabB.updatedAt })).toEqual(refusal('Maria Lopez'));
    expect(await written()).toEqual(before);
    expect(before.therapist).toMatchObject({ bio: 'Waxing since 2009.' });
  });

  it('saved from the current copy works as before, and the API without updatedAt too', async () => {
    const current = await readTherapist(1);
    const saved = await patchTherapist(1, { bio: 'Brows and waxing.', updatedAt: current.updatedAt });
    expect(saved).toMatchObject({ status: 200, body: { therapist: { bio: 'Brows and waxing.' } } });
    expect(saved.body.therapist.updatedAt).not.toBe(current.updatedAt);
    expect(await patchTherapist(1, { bio: 'Brows, lashes and waxing.' })).toMatchObject({ status: 200, body: { therapist: { bio: 'Brows, lashes and waxing.' } } });
    expect(await patchTherapist(1, { updatedAt: saved.body.therapist.updatedAt })).toMatchObject({ status: 422 });
  });
});
