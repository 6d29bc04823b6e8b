import { NextRequest } from 'next/server';
import { middleware } from '@/middleware';
import { assertSameOrigin, comesFromSite } from './origin';

/**
 * One Origin check for the API and the forms posted to pages: both ask `comesFromSite`, so a request the API refuses
 * is refused as a page form too, whatever X-Forwarded-Host says.
 */
const SITE_HOST = '127.0.0.1:3000';

function headersOf(origin: string, extra: Record<string, string>): Record<string, string> {
  return { origin, host: SITE_HOST, 'x-forwarded-proto': 'http', ...extra };
}

const apiPost = (origin: string, extra: Record<string, string> = {}) =>
  new Request(`http://${SITE_HOST}/api/x/`, { method: 'POST', headers: headersOf(origin, extra) });

const formPost = (origin: string, extra: Record<string, string> = {}) =>
  new NextRequest(`http://${SITE_HOST}/booking/`, {
    method: 'POST',
    body: 'a=1',
    headers: { ...headersOf(origin, extra), 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Whether the API and the middleware both let the request through (true), both refuse it (false), or disagree. */
async function verdict(origin: string, extra: Record<string, string> = {}): Promise<boolean | 'disagree'> {
  const api = comesFromSite(apiPost(origin, extra));
  let refused = false;
  try {
    assertSameOrigin(apiPost(origin, extra));
  } catch {
    refused = true;
  }
  expect(refused).toBe(!api);
  const page = (await middleware(formPost(origin, extra))).status !== 403;
  return api === page ? api : 'disagree';
}

function withTrustProxy<T>(hops: string, run: () => Promise<T>): Promise<T> {
  process.env.TRUST_PROXY = hops;
  return run().finally(() => {
    delete process.env.TRUST_PROXY;
  });
}

describe('the one Origin check (API and page forms)', () => {
  it('lets the site itself through and refuses another origin or none', async () => {
    expect(await verdict(`http://${SITE_HOST}`)).toBe(true);
    expect(await verdict('http://evil.example')).toBe(false);
    expect(await verdict('null')).toBe(false);
    expect(await verdict(`https://${SITE_HOST}`)).toBe(false);
  });

  it('accepts SITE_URL (http://localhost:3000 here) for the API and the page forms alike', async () => {
    expect(await verdict('http://localhost:3000')).toBe(true);
  });

  it('ignores a forged X-Forwarded-Host when no proxy is trusted (TRUST_PROXY=0)', async () => {
    expect(await verdict('http://evil.example', { 'x-forwarded-host': 'evil.example' })).toBe(false);
    expect(await verdict(`http://${SITE_HOST}`, { 'x-forwarded-host': 'evil.example' })).toBe(true);
  });

  it('behind one trusted proxy, believes only the last X-Forwarded-Host entry: the one the proxy wrote', async () => {
    const forwarded = { host: '10.0.0.5:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example, salon.example' };
    await withTrustProxy('1', async () => {
      expect(await verdict('https://salon.example', forwarded)).toBe(true);
      expect(await verdict('https://evil.example', forwarded)).toBe(false);
      expect(await verdict('https://salon.example', { ...forwarded, 'x-forwarded-host': 'salon.example, evil.example' })).toBe(false);
    });
  });

  it('answers GET without an Origin in the API (only state-changing requests are checked)', () => {
    expect(() => assertSameOrigin(new Request(`http://${SITE_HOST}/api/x/`))).not.toThrow();
    expect(() => assertSameOrigin(apiPost('http://evil.example'))).toThrow(expect.objectContaining({ status: 403, code: 'bad_origin' }));
  });
});
