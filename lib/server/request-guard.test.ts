import { firstRequestProblem, forwardedFor, normalizeAddress } from './request-guard.mjs';

const request = (headers: Record<string, string>, remoteAddress = '::ffff:192.0.2.10', encrypted = false) => ({ headers, socket: { remoteAddress, encrypted } });

describe('the client address and forwarded headers (TRUST_PROXY)', () => {
  it('takes the socket peer and ignores forged headers when no proxy is trusted', () => {
    const forged = request({ host: '127.0.0.1:3000', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(forwardedFor(forged, 0)).toEqual({ client: '192.0.2.10', chain: '192.0.2.10', proto: 'http', host: '127.0.0.1:3000' });
  });

  it('trusts exactly as many hops as configured', () => {
    const viaTwo = request({ host: '10.0.0.2', 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.1', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'salon.example' }, '10.0.0.2');
    expect(forwardedFor(viaTwo, 1)).toMatchObject({ client: '10.0.0.1', proto: 'https', host: 'salon.example' });
    expect(forwardedFor(viaTwo, 2)).toMatchObject({ client: '203.0.113.9', chain: '203.0.113.9, 10.0.0.1, 10.0.0.2' });
    // More hops trusted than there are entries: the leftmost, never beyond the list.
    expect(forwardedFor(viaTwo, 9).client).toBe('6.6.6.6');
  });

  it('falls back to the socket when the trusted entry is not an address', () => {
    expect(forwardedFor(request({ 'x-forwarded-for': 'not-an-ip' }, '10.0.0.2'), 1).client).toBe('10.0.0.2');
    expect(normalizeAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normalizeAddress('203.0.113.5:4711')).toBe('203.0.113.5');
  });

  it('knows https from the socket itself', () => {
    expect(forwardedFor(request({ host: 'salon.example' }, '192.0.2.1', true), 0).proto).toBe('https');
  });
});

describe('addresses refused before Next.js', () => {
  it.each(['/services/%/', '/api/appointments/%/', '/%E0%A4%A/', '/services/%00/', '/a%0Ab/', '/api/appointments/x/..', '/api/%2e%2e/services/', '/./'])('refuses %s with a 400', (url) => {
    expect(firstRequestProblem({ url })).toMatchObject({ status: 400 });
  });
  it('refuses an address or a segment too long to be one of ours with 414', () => {
    expect(firstRequestProblem({ url: `/services/${'x'.repeat(256)}/` })).toMatchObject({ status: 414 });
    expect(firstRequestProblem({ url: `/services/?q=${'x'.repeat(9000)}` })).toMatchObject({ status: 414 });
    expect(firstRequestProblem({ url: `/services/${'x'.repeat(255)}/` })).toBeUndefined();
  });
  it.each(['/', '/services/womens-wax/', '/services/?q=%', '/api/slots/1/2/0/2026-12-01/30/', '/caf%C3%A9/'])('lets %s through', (url) => {
    expect(firstRequestProblem({ url })).toBeUndefined();
  });
});
