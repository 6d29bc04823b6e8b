import { eq } from 'drizzle-orm';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, catalogOffers, catalogServices, therapists } from '@/lib/db/schema';
import { FLASH_COOKIE } from '@/lib/forms/flash';
import { readMenuRows } from '@/lib/menu/services';
import { findOffers, findServices } from '@/lib/menu/views';
import { readTherapist } from '@/lib/team/therapists';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { saveOfferAction, saveServiceAction } from './menu-actions';
import { saveTherapistAction } from './team-actions';
import { redirectOf } from '@/lib/test-support/server-actions';

/** The edit forms with or without scripts: the server action, its call of the API's handler, the answer over a redirect. */
const incoming = { cookie: '' };
const jar = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(incoming.cookie ? { cookie: incoming.cookie } : {}),
  cookies: async () => ({ set: (c: { name: string; value: string }) => jar.set(c.name, c.value), get: (name: string) => (jar.has(name) ? { value: jar.get(name) } : undefined) }),
}));


jest.setTimeout(120_000);
createTempDataDir('salon-stale-copy-actions-');
afterAll(async () => {
  resetCatalogSnapshot();
  await closeDb();
});

const BRAZILIAN = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
const PACKAGE = BRAZILIAN.spkg[0]!.pvId;

function formData(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) for (const one of [value].flat()) data.append(name, one);
  return data;
}


function flash(): { outcome: string; code?: string; message: string; values: Record<string, string> } {
  return JSON.parse(Buffer.from(jar.get(FLASH_COOKIE)!, 'base64url').toString('utf8')).state;
}

const entries = async () => (await (await getDb()).select().from(activityLog)).length;

/** The service's form as its page renders it: every field, and the stamp of the copy read. */
async function serviceForm() {
  const service = findServices(await readMenuRows(await getDb()), { status: 'all' }).find((s) => s.id === BRAZILIAN.id)!;
  return { id: service.id, updatedAt: service.updatedAt, name: service.name, desc: service.desc ?? '', price: String(service.price), duration: String(service.duration), bookableAt: service.bookableAt, depositKind: 'none' };
}

async function offerForm() {
  const offer = findOffers(await readMenuRows(await getDb()), { status: 'all' }).find((o) => o.id === PACKAGE)!;
  return { id: offer.id, kind: offer.kind, updatedAt: offer.updatedAt, name: offer.name, desc: offer.desc, sessions: String(offer.sessions), discount: String(offer.discount ?? '') };
}

async function therapistForm() {
  const therapist = (await readTherapist(await getDb(), 1))!;
  return { id: '1', updatedAt: therapist.updatedAt, name: therapist.name, bio: therapist.bio, ...Object.fromEntries(therapist.work.map((w) => [`service:${w.location}`, w.serviceIds])) };
}

beforeAll(async () => {
  incoming.cookie = (await signedIn(await getDb(), 'owner')).cookie;
});
beforeEach(() => jar.clear());

it("the service's form: tab B's save after tab A's price is refused with the sentence and what B typed, and the price stays", async () => {
  const tabB = await serviceForm();
  const tabA = await serviceForm();
  await redirectOf(saveServiceAction(formData({ ...tabA, price: '120' })));
  expect(flash()).toMatchObject({ outcome: 'ok' });
  const logged = await entries();

  jar.clear();
  const page = await redirectOf(saveServiceAction(formData({ ...tabB, desc: 'Changed in tab B.' })));
  expect(page).toMatch(new RegExp(`^/desk/menu/services/${BRAZILIAN.id}/\\?form=[\\w-]+#edit-service$`));
  expect(flash()).toMatchObject({
    outcome: 'error',
    code: 'changed_meanwhile',
    message: `${BRAZILIAN.name} was changed since you opened it, so nothing was saved: open it again to see that change, then make yours again.`,
    values: { desc: 'Changed in tab B.', price: tabB.price, updatedAt: tabB.updatedAt },
  });
  const [row] = await (await getDb()).select().from(catalogServices).where(eq(catalogServices.id, BRAZILIAN.id));
  expect(row).toMatchObject({ price: 120 });
  expect(await entries()).toBe(logged);

  // Opened again, the form saves.
  jar.clear();
  await redirectOf(saveServiceAction(formData({ ...(await serviceForm()), desc: 'Changed in tab B.' })));
  expect(flash()).toMatchObject({ outcome: 'ok', message: `${BRAZILIAN.name} is saved: new bookings get it now.` });
  const [after] = await (await getDb()).select().from(catalogServices).where(eq(catalogServices.id, BRAZILIAN.id));
  expect(after).toMatchObject({ price: 120, data: expect.objectContaining({ desc: 'Changed in tab B.' }) });
});

it("the offer's form: a save from an older copy is refused with the sentence, and nothing changes", async () => {
  const tabB = await offerForm();
  const tabA = await offerForm();
  await redirectOf(saveOfferAction(formData({ ...tabA, discount: '20' })));
  expect(flash()).toMatchObject({ outcome: 'ok' });
  const logged = await entries();
  const [before] = await (await getDb()).select().from(catalogOffers).where(eq(catalogOffers.id, PACKAGE));

  jar.clear();
  await redirectOf(saveOfferAction(formData({ ...tabB, desc: 'Changed in tab B.' })));
  expect(flash()).toMatchObject({ outcome: 'error', code: 'changed_meanwhile', values: { desc: 'Changed in tab B.', updatedAt: tabB.updatedAt } });
  expect((await (await getDb()).select().from(catalogOffers).where(eq(catalogOffers.id, PACKAGE)))[0]).toEqual(before);
  expect(await entries()).toBe(logged);

  jar.clear();
  await redirectOf(saveOfferAction(formData({ ...(await offerForm()), desc: 'Changed in tab B.' })));
  expect(flash()).toMatchObject({ outcome: 'ok' });
});

it("the therapist's form: a save from an older copy is refused with the sentence and what was typed, and nothing changes", async () => {
  const tabB = await therapistForm();
  const tabA = await therapistForm();
  await redirectOf(saveTherapistAction(formData({ ...tabA, bio: 'Waxing since 2009.' })));
  expect(flash()).toMatchObject({ outcome: 'ok' });
  const logged = await entries();

  jar.clear();
  const page = await redirectOf(saveTherapistAction(formData({ ...tabB, bio: 'Changed in tab B.' })));
  expect(page).toMatch(/^\/desk\/team\/therapists\/1\/\?form=/);
  expect(flash()).toMatchObject({ outcome: 'error', code: 'changed_meanwhile', message: expect.stringContaining('was changed since you opened it'), values: { bio: 'Changed in tab B.', updatedAt: tabB.updatedAt } });
  const [row] = await (await getDb()).select().from(therapists).where(eq(therapists.id, 1));
  expect(row).toMatchObject({ bio: 'Waxing since 2009.' });
  expect(await entries()).toBe(logged);

  jar.clear();
  await redirectOf(saveTherapistAction(formData({ ...(await therapistForm()), bio: 'Changed in tab B.' })));
  expect(flash()).toMatchObject({ outcome: 'ok' });
});
