import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, gt, max } from 'drizzle-orm';
import sharp from 'sharp';
import { callRoute, jsonInit, ORIGIN, signedIn } from '@/lib/booking/test-support/fixtures';
import { catalogSnapshot, resetCatalogSnapshot } from '@/lib/catalog/snapshot';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { closeDb, getDb } from '@/lib/db';
import { activityLog, catalogChanges, catalogOffers, catalogServices, photos, photoVariants, siteSettings, therapists } from '@/lib/db/schema';
import { FLASH_COOKIE } from '@/lib/forms/flash';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { apiRouteOf } from '@/lib/server/api-routes.mjs';
import { POST as UPLOAD } from './route';
import { DELETE, PUT } from './attachments/[kind]/[id]/route';
import { POST as REMOVE_FORM } from './attachments/[kind]/[id]/remove/route';
import { GET as MEDIA } from '@/app/media/[id]/[file]/route';
import { parsePhotoId, photoSrc } from '@/lib/photos/address';
import { MAX_UPLOAD_BODY_BYTES } from '@/lib/photos/handlers';
import { exifHasGps, testJpeg } from '@/lib/photos/test-support/photos';

jest.setTimeout(120_000);
createTempDataDir('salon-photos-');
afterAll(closeDb);
afterAll(resetCatalogSnapshot);

const jar = new Map<string, string>();
jest.mock('next/headers', () => ({
  cookies: async () => ({ set: (c: { name: string; value: string }) => jar.set(c.name, c.value), get: (name: string) => (jar.has(name) ? { value: jar.get(name) } : undefined) }),
}));

const BRAZILIAN = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
const PACKAGE = BRAZILIAN.spkg[0]!;

let owner: { userId: string; cookie: string };
let frontDesk: { userId: string; cookie: string };
let customer: { userId: string; cookie: string };
let jpeg: Buffer;
beforeAll(async () => {
  const db = await getDb();
  owner = await signedIn(db, 'owner');
  frontDesk = await signedIn(db, 'staff');
  customer = await signedIn(db, 'customer');
  jpeg = await testJpeg({ width: 1200, height: 900, orientation: 6 });
});

function multipart(fields: Record<string, string | Blob>, cookie?: string, headers: Record<string, string> = {}): RequestInit & { path: string } {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { path: '/api/desk/photos/', method: 'POST', body: form, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers } };
}
const photoFile = (bytes: Uint8Array, name = 'IMG_0001.jpg', type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

/** `null`: a visitor, without a session. */
async function upload(fields: Record<string, string | Blob>, cookie: string | null = owner.cookie) {
  const response = await callRoute(UPLOAD, {}, multipart(fields, cookie ?? undefined));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

type Target = { kind: string; id: string };
async function put(target: Target, body: unknown, cookie: string | null = owner.cookie) {
  const response = await callRoute(PUT, target, { path: `/api/desk/photos/attachments/${target.kind}/${target.id}/`, ...jsonInit('PUT', body, cookie ?? undefined) });
  return { status: response.status, body: await response.json() };
}
async function remove(target: Target, cookie: string | null = owner.cookie) {
  const response = await callRoute(DELETE, target, { path: `/api/desk/photos/attachments/${target.kind}/${target.id}/`, method: 'DELETE', headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  return { status: response.status, body: await response.json() };
}
const media = (id: string, file: string, headers: Record<string, string> = {}) => callRoute(MEDIA, { id, file }, { path: `/media/${id}/${file}`, headers });

async function latestChange() {
  const db = await getDb();
  const [row] = await db.select().from(catalogChanges).orderBy(desc(catalogChanges.id)).limit(1);
  return row;
}
async function changeCount() {
  const [row] = await (await getDb()).select({ id: max(catalogChanges.id) }).from(catalogChanges);
  return Number(row?.id ?? 0);
}

describe('POST /api/desk/photos/ (upload)', () => {
  it('is the owner\'s: 401 for a visitor, 403 for a customer and the front desk, before the body is read, nothing stored', async () => {
    const db = await getDb();
    const before = await db.select({ id: photos.id }).from(photos);
    const garbage = { path: '/api/desk/photos/', method: 'POST', body: 'not even a form', headers: { origin: ORIGIN, 'content-type': 'text/plain' } };
    expect((await callRoute(UPLOAD, {}, garbage)).status).toBe(401);
    for (const who of [customer, frontDesk]) {
      const answer = await callRoute(UPLOAD, {}, { ...garbage, headers: { ...garbage.headers, cookie: who.cookie } });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ error: { code: 'forbidden', message: "This needs the owner's account." } });
      expect((await upload({ photo: photoFile(jpeg) }, who.cookie)).status).toBe(403);
    }
    expect((await upload({ photo: photoFile(jpeg) }, null)).status).toBe(401);
    expect(await db.select({ id: photos.id }).from(photos)).toEqual(before);
  });

  it('refuses a request from another site (no Origin or a foreign one): 403', async () => {
    const init = multipart({ photo: photoFile(jpeg) }, owner.cookie, { origin: 'https://evil.example' });
    expect((await callRoute(UPLOAD, {}, init)).status).toBe(403);
  });

  it('re-encodes an upload and answers its id and addresses (201); its files are in the database without metadata', async () => {
    const { status, body } = await upload({ photo: photoFile(jpeg) });
    expect(status).toBe(201);
    const photo = parsePhotoId(body.photo.id)!;
    expect(photo).toMatchObject({ width: 900, height: 1200 });
    expect(body).toEqual({
      created: true,
      photo: {
        id: photo.id,
        width: 900,
        height: 1200,
        src: photoSrc(photo, 640),
        srcSet: [160, 320, 640, 900].map((w) => `/media/${photo.id}/${w}.webp ${w}w`).join(', '),
      },
    });
    const db = await getDb();
    const [row] = await db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row).toMatchObject({ width: 900, height: 1200, originalBytes: jpeg.length, uploadedBy: owner.userId });
    const files = await db.select().from(photoVariants).where(eq(photoVariants.photoId, photo.id)).orderBy(photoVariants.width);
    expect(files.map((file) => [file.width, file.format])).toEqual([160, 320, 640, 900].map((w) => [w, 'webp']));
    for (const file of files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: file.width });
      expect(exifHasGps(meta.exif)).toBe(false);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('answers the same photo for the same file uploaded again (200), without a second copy', async () => {
    const first = await upload({ photo: photoFile(jpeg, 'again.jpg') });
    const second = await upload({ photo: photoFile(jpeg, 'renamed.png', 'image/png') });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ created: false, photo: { id: first.body.photo.id } });
    const rows = await (await getDb()).select({ id: photos.id }).from(photos).where(eq(photos.id, first.body.photo.id));
    expect(rows).toHaveLength(1);
  });

  it('tells the type from the content, not the name: a GIF called photo.jpg is a 415 with a sentence', async () => {
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } }).gif().toBuffer();
    const { status, body } = await upload({ photo: photoFile(gif, 'photo.jpg', 'image/jpeg') });
    expect(status).toBe(415);
    expect(body.error.fields.photo).toBe('This file is not a JPEG, PNG or WebP photo. Choose a photo in one of those formats.');
  });

  it('refuses a photo over 15 MB inside the 16 MB body with 413 and its size, and a body over 16 MB as it streams in', async () => {
    const big = Buffer.alloc(15 * 1024 * 1024 + 100);
    big.set([0xff, 0xd8, 0xff]);
    const { status, body } = await upload({ photo: photoFile(big) });
    expect(status).toBe(413);
    expect(body.error.fields.photo).toBe('This photo is 15.1 MB; the largest the site takes is 15 MB. Choose a smaller one.');
    // A chunked body (no Content-Length) is counted as it arrives.
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 17) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const init = { path: '/api/desk/photos/', method: 'POST', body: stream, duplex: 'half', headers: { origin: ORIGIN, cookie: owner.cookie, 'content-type': 'multipart/form-data; boundary=x' } };
    const streamed = await callRoute(UPLOAD, {}, init as RequestInit & { path: string });
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(19);
  });

  it('refuses a decompression bomb (422), a damaged file (422), no file (422), JSON (415) and a broken multipart body (400)', async () => {
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } }).toColourspace('b-w').png().toBuffer();
    expect(await upload({ photo: photoFile(bomb, 'bomb.png', 'image/png') })).toMatchObject({ status: 422, body: { error: { code: 'too_many_pixels' } } });
    const damaged = jpeg.subarray(0, Math.floor(jpeg.length / 3));
    expect(await upload({ photo: photoFile(damaged) })).toMatchObject({ status: 422, body: { error: { code: 'unreadable' } } });
    expect(await upload({ note: 'no photo here' })).toMatchObject({ status: 422, body: { error: { fields: { photo: 'Choose a photo to upload.' } } } });
    expect(await upload({ photo: 'a string, not a file' })).toMatchObject({ status: 422 });
    const asJson = await callRoute(UPLOAD, {}, { path: '/api/desk/photos/', ...jsonInit('POST', { photo: 'x' }, owner.cookie) });
    expect(asJson.status).toBe(415);
    const broken = { path: '/api/desk/photos/', method: 'POST', body: '--x\r\nContent-Disposition: form-data; name="photo"', headers: { origin: ORIGIN, cookie: owner.cookie, 'content-type': 'multipart/form-data; boundary=x' } };
    expect((await callRoute(UPLOAD, {}, broken)).status).toBe(400);
  });

  it('has the route table\'s body limit', () => {
    expect(apiRouteOf('/api/desk/photos/')?.maxBodyBytes).toBe(MAX_UPLOAD_BODY_BYTES);
  });
});

describe('PUT and DELETE /api/desk/photos/attachments/{kind}/{id}/', () => {
  let photoId: string;
  let otherId: string;
  beforeAll(async () => {
    photoId = (await upload({ photo: photoFile(jpeg) })).body.photo.id;
    otherId = (await upload({ photo: photoFile(await testJpeg({ width: 800, height: 800, orientation: 1 })) })).body.photo.id;
  });

  it("shows a photo on the women's Brazilian wax: the row, the log (kind photos), a menu publish and this instance's catalogue", async () => {
    const since = await changeCount();
    const { status, body } = await put({ kind: 'service', id: BRAZILIAN.id }, { photoId });
    expect(status).toBe(200);
    expect(body.attachment).toMatchObject({ kind: 'service', id: BRAZILIAN.id, subject: "Women's Brazilian", photoId, changed: true, photo: { id: photoId } });
    const db = await getDb();
    const [row] = await db.select({ photoId: catalogServices.photoId }).from(catalogServices).where(eq(catalogServices.id, BRAZILIAN.id));
    expect(row!.photoId).toBe(photoId);
    const [entry] = await db.select().from(activityLog).where(eq(activityLog.kind, 'photos')).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: owner.userId, action: 'attached', subject: "Women's Brazilian", summary: 'Photo added', before: { service: BRAZILIAN.id, photoId: null }, after: { service: BRAZILIAN.id, photoId } });
    expect(await latestChange()).toMatchObject({ tags: ['catalog-menu'] });
    expect((await latestChange())!.id).toBeGreaterThan(since);
    expect(catalogSnapshot().photos.get(BRAZILIAN.id)).toBe(photoId);
  });

  it('says "replaced" for a second photo, and setting the same one again changes nothing (no entry, no publish)', async () => {
    expect((await put({ kind: 'service', id: BRAZILIAN.id }, { photoId: otherId })).body.attachment.changed).toBe(true);
    const db = await getDb();
    const [entry] = await db.select().from(activityLog).where(eq(activityLog.kind, 'photos')).orderBy(desc(activityLog.id)).limit(1);
    expect(entry!.summary).toBe('Photo replaced');
    const since = await changeCount();
    const entries = (await db.select().from(activityLog)).length;
    expect((await put({ kind: 'service', id: BRAZILIAN.id }, { photoId: otherId })).body.attachment.changed).toBe(false);
    expect(await changeCount()).toBe(since);
    expect((await db.select().from(activityLog)).length).toBe(entries);
  });

  it('a package, a therapist and the hero, each published under the tag of the pages that show it', async () => {
    expect((await put({ kind: 'offer', id: PACKAGE.pvId }, { photoId })).body.attachment).toMatchObject({ subject: 'Brazilian Wax, 3 sessions', changed: true });
    expect(await latestChange()).toMatchObject({ tags: ['catalog-menu'] });
    expect(catalogSnapshot().photos.get(PACKAGE.pvId)).toBe(photoId);
    const db = await getDb();
    const [therapist] = await db.select().from(therapists).where(gt(therapists.id, 0)).orderBy(therapists.id).limit(1);
    expect((await put({ kind: 'therapist', id: String(therapist!.id) }, { photoId })).body.attachment).toMatchObject({ subject: therapist!.name, changed: true });
    expect(await latestChange()).toMatchObject({ tags: ['catalog-team'] });
    expect(catalogSnapshot().therapists.find((t) => t.id === therapist!.id)?.photoId).toBe(photoId);
    expect((await put({ kind: 'hero', id: 'home' }, { photoId })).body.attachment).toMatchObject({ subject: "The home page's hero", changed: true });
    expect(await latestChange()).toMatchObject({ tags: ['catalog-promotions'] });
    expect(catalogSnapshot().photos.get('hero')).toBe(photoId);
    const [setting] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'hero_photo'));
    expect(setting!.value).toBe(photoId);
  });

  it('DELETE takes the photo away (the log says removed; the hero setting is gone)', async () => {
    const { status, body } = await remove({ kind: 'hero', id: 'home' });
    expect(status).toBe(200);
    expect(body.attachment).toMatchObject({ kind: 'hero', photoId: null, photo: null, changed: true });
    expect(catalogSnapshot().photos.has('hero')).toBe(false);
    const db = await getDb();
    expect(await db.select().from(siteSettings).where(eq(siteSettings.key, 'hero_photo'))).toEqual([]);
    const [entry] = await db.select().from(activityLog).where(and(eq(activityLog.kind, 'photos'), eq(activityLog.action, 'removed'))).orderBy(desc(activityLog.id)).limit(1);
    expect(entry).toMatchObject({ subject: "The home page's hero", summary: 'Photo removed', after: { hero: 'home', photoId: null } });
    await remove({ kind: 'offer', id: PACKAGE.pvId });
    const [offer] = await db.select({ photoId: catalogOffers.photoId }).from(catalogOffers).where(eq(catalogOffers.id, PACKAGE.pvId));
    expect(offer!.photoId).toBeNull();
  });

  it('answers bad input with a 4xx and a sentence, and changes nothing', async () => {
    const since = await changeCount();
    const unknownPhoto = `${'0'.repeat(32)}-800x600`;
    expect(await put({ kind: 'service', id: BRAZILIAN.id }, { photoId: unknownPhoto })).toMatchObject({ status: 422, body: { error: { fields: { photoId: 'There is no uploaded photo with this id. Upload the photo first.' } } } });
    expect(await put({ kind: 'service', id: BRAZILIAN.id }, { photoId: 'not-a-photo' })).toMatchObject({ status: 422, body: { error: { fields: { photoId: expect.stringMatching(/^Give the id of an uploaded photo/) } } } });
    expect(await put({ kind: 'service', id: '00000000-0000-4000-8000-000000000000' }, { photoId })).toMatchObject({ status: 404, body: { error: { message: 'There is no service with this id.' } } });
    expect(await put({ kind: 'therapist', id: '999' }, { photoId })).toMatchObject({ status: 404 });
    expect(await put({ kind: 'therapist', id: 'elena' }, { photoId })).toMatchObject({ status: 400, body: { error: { code: 'bad_params' } } });
    expect(await put({ kind: 'service', id: 'brazilian' }, { photoId })).toMatchObject({ status: 400 });
    expect(await put({ kind: 'logo', id: 'home' }, { photoId })).toMatchObject({ status: 400 });
    expect(await put({ kind: 'hero', id: 'about' }, { photoId })).toMatchObject({ status: 400 });
    expect(await remove({ kind: 'offer', id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 404 });
    expect(await changeCount()).toBe(since);
    expect(catalogSnapshot().photos.get(BRAZILIAN.id)).toBe(otherId);
  });

  it("is the owner's: 401 for a visitor, 403 for a customer and the front desk, and nothing changes", async () => {
    const since = await changeCount();
    const target = { kind: 'service', id: BRAZILIAN.id };
    expect((await put(target, { photoId }, null)).status).toBe(401);
    expect((await remove(target, null)).status).toBe(401);
    for (const who of [customer, frontDesk]) {
      expect((await put(target, { photoId }, who.cookie)).status).toBe(403);
      expect((await remove(target, who.cookie)).status).toBe(403);
    }
    expect(await changeCount()).toBe(since);
    expect(catalogSnapshot().photos.get(BRAZILIAN.id)).toBe(otherId);
  });

  it('an upload can show the photo at once (attachKind, attachId)', async () => {
    const third = await testJpeg({ width: 900, height: 600, orientation: 1 });
    const { status, body } = await upload({ photo: photoFile(third), attachKind: 'offer', attachId: PACKAGE.pvId });
    expect(status).toBe(201);
    expect(body.attachment).toMatchObject({ kind: 'offer', id: PACKAGE.pvId, photoId: body.photo.id, changed: true });
    expect(catalogSnapshot().photos.get(PACKAGE.pvId)).toBe(body.photo.id);
    expect(await upload({ photo: photoFile(third), attachKind: 'offer', attachId: 'nope' })).toMatchObject({ status: 422, body: { error: { fields: { attachKind: expect.any(String) } } } });
  });
});

describe('the forms the browser posts itself (no JavaScript): answered over a redirect back to the desk page', () => {
  beforeEach(() => jar.clear());
  const flash = () => JSON.parse(Buffer.from(jar.get(FLASH_COOKIE)!, 'base64url').toString('utf8'));

  it('an upload with returnTo attaches the photo and sends the browser back (303) with its sentence kept for the field', async () => {
    const photo = await testJpeg({ width: 700, height: 500, orientation: 1 });
    const response = await callRoute(UPLOAD, {}, multipart({ photo: photoFile(photo), attachKind: 'service', attachId: BRAZILIAN.id, returnTo: '/desk/menu/?service=x#photo' }, owner.cookie));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/desk\/menu\/\?service=x&form=[\w-]{16}#photo$/);
    const shown = catalogSnapshot().photos.get(BRAZILIAN.id)!;
    expect(parsePhotoId(shown)).toMatchObject({ width: 700, height: 500 });
    expect(flash()).toMatchObject({ form: `photo:service:${BRAZILIAN.id}`, state: { outcome: 'ok', message: 'Photo saved.', values: { photoId: shown } } });
  });

  it('an upload for a field without a target (a new therapist) goes back with the id for that form to save', async () => {
    const photo = await testJpeg({ width: 640, height: 640, orientation: 1 });
    const response = await callRoute(UPLOAD, {}, multipart({ photo: photoFile(photo), returnTo: '/desk/team/' }, owner.cookie));
    expect(response.status).toBe(303);
    expect(flash()).toMatchObject({ form: 'photo', state: { outcome: 'ok', message: 'Photo uploaded. Save to keep it.', values: { photoId: expect.stringMatching(/-640x640$/) } } });
  });

  it('a refused upload goes back too, with the sentence saying why', async () => {
    const response = await callRoute(UPLOAD, {}, multipart({ photo: photoFile(Buffer.from('GIF89a...')), attachKind: 'service', attachId: BRAZILIAN.id, returnTo: '/desk/menu/' }, owner.cookie));
    expect(response.status).toBe(303);
    expect(flash()).toMatchObject({ state: { outcome: 'error', message: 'This file is not a JPEG, PNG or WebP photo. Choose a photo in one of those formats.' } });
  });

  it('returns only to a desk page of this site', async () => {
    for (const returnTo of ['https://evil.example/desk/', '//evil.example/desk/', '/account/', '/desk/\\evil']) {
      const response = await callRoute(UPLOAD, {}, multipart({ photo: photoFile(jpeg), returnTo }, owner.cookie));
      expect(response.status).toBe(422);
    }
  });

  it('the remove form takes the photo away and sends the browser back', async () => {
    const target = { kind: 'service', id: BRAZILIAN.id };
    const body = new URLSearchParams({ returnTo: '/desk/menu/', name: 'the editor form\'s other fields come along' });
    const response = await callRoute(REMOVE_FORM, target, { path: '/api/desk/photos/attachments/service/x/remove/', method: 'POST', body, headers: { origin: ORIGIN, cookie: owner.cookie } });
    expect(response.status).toBe(303);
    expect(flash()).toMatchObject({ form: `photo:service:${BRAZILIAN.id}`, state: { outcome: 'ok', message: 'Photo removed.' } });
    expect(catalogSnapshot().photos.has(BRAZILIAN.id)).toBe(false);
    const refused = await callRoute(REMOVE_FORM, target, { path: '/x/', method: 'POST', body: new URLSearchParams({ returnTo: '/desk/' }), headers: { origin: ORIGIN, cookie: frontDesk.cookie } });
    expect(refused.status).toBe(403);
  });
});

describe('GET /media/{id}/{width}.webp', () => {
  let id: string;
  beforeAll(async () => {
    id = (await upload({ photo: photoFile(jpeg) })).body.photo.id;
  });

  it('serves each file with a year of immutable caching, its type, nosniff and an ETag', async () => {
    const response = await media(id, '640.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('etag')).toBe(`"${id}-640"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 640 });
  });

  it('answers 304 to a browser that has it (If-None-Match), 200 to one that has another', async () => {
    const response = await media(id, '160.webp', { 'if-none-match': `W/"x", "${id}-160"` });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(`"${id}-160"`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('');
    for (const other of [`"${id}-320"`, '*']) expect((await media(id, '160.webp', { 'if-none-match': other })).status).toBe(200);
  });

  it('answers 404, not cached, for an unknown photo, a width it has not, another format or a malformed address', async () => {
    for (const [photo, file] of [
      [`${'a'.repeat(32)}-900x1200`, '640.webp'],
      [id, '641.webp'],
      [id, '1600.webp'],
      [id, '640.jpg'],
      [id, '640.webp.html'],
      ['..', '640.webp'],
      [`${id}x`, '640.webp'],
    ] as const) {
      const response = await media(photo, file);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('PHOTO_STORAGE_DIR: the files in a shared folder instead of the database', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'salon-photo-store-'));
    process.env.PHOTO_STORAGE_DIR = dir;
  });
  afterAll(() => {
    delete process.env.PHOTO_STORAGE_DIR;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the files there (and none to the database) and /media/ serves them from there', async () => {
    const photo = await testJpeg({ width: 500, height: 400, orientation: 1 });
    const { status, body } = await upload({ photo: photoFile(photo) });
    expect(status).toBe(201);
    const id = body.photo.id as string;
    expect(existsSync(path.join(dir, id, '320.webp'))).toBe(true);
    expect(await (await getDb()).select({ w: photoVariants.width }).from(photoVariants).where(eq(photoVariants.photoId, id))).toEqual([]);
    const response = await media(id, '320.webp');
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 320 });
    rmSync(path.join(dir, id, '160.webp'));
    expect((await media(id, '160.webp')).status).toBe(404);
    // A file once served is kept in memory (it never changes): the store is not read again for it.
    rmSync(path.join(dir, id, '320.webp'));
    expect((await media(id, '320.webp')).status).toBe(200);
  });
});
