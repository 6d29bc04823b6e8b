import { closedPort, answerJson, setUpFakeUpstream } from '@/lib/test-support/fake-upstream';
import { upstreamCustomerRecord } from './upstream-customer';

const upstream = setUpFakeUpstream();

const CUSTOMER = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const PKG = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const USED_PKG = 'bbbbbbbb-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const incoming = new Headers({ cookie: 'bnp_session=tok; BnpAuth=x', 'x-bnp-client-address': '203.0.113.9', 'x-forwarded-for': '6.6.6.6', host: 'site.example' });

describe('upstreamCustomerRecord (proxy mode)', () => {
  it("asks the upstream's list call with the visitor's cookies and reads the packages left and the booked services", async () => {
    upstream.reply = answerJson(200, {
      customerId: CUSTOMER,
      cards: [
        { header: { status: '1' }, appointments: [{ status: 'booked', lines: [{ serviceTypeId: 4096 }] }, { status: 'cancelled', lines: [{ serviceTypeId: 2 }] }] },
        // A card without this API's appointments list: its status says whether its lines count.
        { header: { status: '1' }, svcAreas: [{ svcTypes: [{ svcArray: [{ serviceTypeId: 1 }] }] }] },
        { header: { status: '2' }, svcAreas: [{ svcTypes: [{ svcArray: [{ serviceTypeId: 8 }] }] }] },
      ],
      pkgAvailable: [
        { pkgId: PKG.toUpperCase(), isPkgUsed: false },
        { pkgId: USED_PKG, isPkgUsed: true },
      ],
    });
    const record = await upstreamCustomerRecord(CUSTOMER, incoming);
    expect(record).toEqual({ kind: 'found', bookedServiceTypes: [4096, 1], unusedPackageIds: [PKG] });
    expect(upstream.seen[0]?.method).toBe('GET');
    expect(upstream.seen[0]?.url).toBe(`/api/appointments/${CUSTOMER}/`);
    expect(upstream.seen[0]?.headers.cookie).toBe('bnp_session=tok; BnpAuth=x');
    expect(upstream.seen[0]?.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(upstream.seen[0]?.headers.host).toBe(new URL(upstream.base).host);
  });

  it('reads 401 and 403 as signed out (the profile cookie outlived the session)', async () => {
    upstream.reply = answerJson(401, { error: { code: 'unauthorized', message: 'Please sign in.' } });
    expect(await upstreamCustomerRecord(CUSTOMER, incoming)).toEqual({ kind: 'signed-out' });
    upstream.reply = answerJson(403, { error: { code: 'forbidden', message: 'No.' } });
    expect(await upstreamCustomerRecord(CUSTOMER, incoming)).toEqual({ kind: 'signed-out' });
  });

  it('answers unavailable, quickly, when nothing listens there', async () => {
    process.env.SALON_API_URL = `http://127.0.0.1:${await closedPort()}`;
    const started = Date.now();
    expect(await upstreamCustomerRecord(CUSTOMER, incoming)).toEqual({ kind: 'unavailable', reason: 'The salon service cannot be reached. Please try again.' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a slow upstream after SALON_API_TIMEOUT_MS', async () => {
    upstream.reply = () => undefined;
    process.env.SALON_API_TIMEOUT_MS = '300';
    const started = Date.now();
    expect(await upstreamCustomerRecord(CUSTOMER, incoming)).toEqual({ kind: 'unavailable', reason: 'The salon service did not answer in time. Please try again.' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers unavailable for other refusals and for an answer it cannot read', async () => {
    upstream.reply = answerJson(404, { error: { code: 'not_found', message: 'No.' } });
    expect(await upstreamCustomerRecord(CUSTOMER, incoming)).toMatchObject({ kind: 'unavailable' });
    upstream.reply = answerJson(500, {});
    expect(await upstreamCustomerRecord(CUSTOMER, incoming)).toMatchObject({ kind: 'unavailable' });
    upstream.reply = answerJson(200, { cards: 'none' });
    expect(await upstreamCustomerRecord(CUSTOMER, incoming)).toEqual({ kind: 'unavailable', reason: 'The salon service sent an answer that could not be read.' });
  });
});
