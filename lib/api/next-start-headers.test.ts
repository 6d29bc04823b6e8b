import { clientAddress } from './client-address';
import { forwardedFor } from '@/lib/server/request-guard.mjs';
import { nextStartRequestHeaders } from './next-start-headers';

const handedOn = (headers: Record<string, string>, platformHeader?: string, trustProxy?: number) => nextStartRequestHeaders(new Headers(headers), platformHeader, trustProxy);

describe('nextStartRequestHeaders (the middleware under next start)', () => {
  it("drops the client's own copy of the address header: without a platform header named, the address is unknown", () => {
    const headers = handedOn({ 'x-bnp-client-address': '10.0.0.1', 'x-real-ip': '203.0.113.7', cookie: 'a=b' });
    expect(headers?.has('x-bnp-client-address')).toBe(false);
    expect(headers?.get('cookie')).toBe('a=b');
    expect(clientAddress(headers!)).toBe('unknown');
  });

  it("reads the platform's header only when it is named, in place of any copy the client sent", () => {
    const headers = handedOn({ 'x-bnp-client-address': '10.0.0.1', 'x-real-ip': '203.0.113.7' }, 'x-real-ip');
    expect(clientAddress(headers!)).toBe('203.0.113.7');
    expect(clientAddress(handedOn({ 'x-forwarded-for': '6.6.6.6, 198.51.100.4' }, 'X-Forwarded-For')!)).toBe('198.51.100.4');
    expect(clientAddress(handedOn({ 'x-real-ip': '::ffff:192.0.2.1' }, 'x-real-ip')!)).toBe('192.0.2.1');
  });

  it('takes nothing that is not an address from that header', () => {
    expect(handedOn({ 'x-real-ip': 'evil.example' }, 'x-real-ip')).toBeUndefined();
    expect(clientAddress(handedOn({ 'x-real-ip': 'evil', 'x-bnp-client-address': '10.0.0.1' }, 'x-real-ip')!)).toBe('unknown');
  });

  it('changes nothing when there is nothing to change (the middleware then hands the request on as it came)', () => {
    expect(handedOn({ cookie: 'a=b' })).toBeUndefined();
    expect(handedOn({ cookie: 'a=b' }, 'x-real-ip')).toBeUndefined();
  });

  it("with TRUST_PROXY hops, finds in X-Forwarded-For the client server.mjs finds, without the socket's peer", () => {
    // Next.js puts the peer in X-Forwarded-For only when the request has none; a proxy adds its peer to the header.
    const peer = '10.0.0.2';
    const chains = ['6.6.6.6, 203.0.113.9, 10.0.0.1', '203.0.113.9', '198.51.100.4, 10.0.0.1'];
    for (const xff of chains) {
      for (const hops of [1, 2, 3, 9]) {
        const server = forwardedFor({ headers: { 'x-forwarded-for': xff }, socket: { remoteAddress: peer } }, hops).client;
        expect({ xff, hops, client: clientAddress(handedOn({ 'x-forwarded-for': xff }, undefined, hops)!) }).toEqual({ xff, hops, client: server });
      }
    }
    expect(clientAddress(handedOn({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.1', 'x-bnp-client-address': '6.6.6.6' }, undefined, 2)!)).toBe('203.0.113.9');
  });

  it('with no hop trusted the peer would be the client, which the middleware does not see: the address is unknown', () => {
    expect(clientAddress(handedOn({ 'x-forwarded-for': '6.6.6.6', 'x-bnp-client-address': '6.6.6.6' }, undefined, 0)!)).toBe('unknown');
    expect(handedOn({ 'x-forwarded-for': '6.6.6.6' }, undefined, 0)).toBeUndefined();
    // A named platform header comes first.
    expect(clientAddress(handedOn({ 'x-forwarded-for': '6.6.6.6, 10.0.0.1', 'x-real-ip': '203.0.113.7' }, 'x-real-ip', 1)!)).toBe('203.0.113.7');
  });
});
