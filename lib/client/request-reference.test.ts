import { requestReference } from './request-reference';

function entry(initiatorType: string, name: string, responseEnd: number, id?: string): PerformanceEntry {
  return { initiatorType, name, responseEnd, serverTiming: id ? [{ name: 'request', description: id, duration: 0 }] : [] } as unknown as PerformanceEntry;
}

describe('the request a failed page quotes', () => {
  it('is the document when no fetch of the page came after it', () => {
    const entries = [entry('navigation', 'http://salon.test/booking/', 100, 'aaaaaaaaaaaa'), entry('script', 'http://salon.test/_next/static/a.js', 200, 'bbbbbbbbbbbb')];
    expect(requestReference(entries, '/booking/')).toBe('aaaaaaaaaaaa');
  });

  it("is the newest fetch of the page's own path (a navigation's or a retry's RSC request), not another API call", () => {
    const entries = [
      entry('navigation', 'http://salon.test/', 100, 'aaaaaaaaaaaa'),
      entry('fetch', 'http://salon.test/account/?_rsc=1x2y', 300, 'cccccccccccc'),
      entry('fetch', 'http://salon.test/account/?_rsc=9z8w', 250, 'dddddddddddd'),
      entry('fetch', 'http://salon.test/api/auth/me/', 400, 'eeeeeeeeeeee'),
    ];
    expect(requestReference(entries, '/account/')).toBe('cccccccccccc');
  });

  it('is unknown when the server named none (next start, or a host that drops the header)', () => {
    expect(requestReference([entry('navigation', 'http://salon.test/', 100)], '/')).toBeUndefined();
  });
});
