import { cookieBody, isNews, readStamp, withStamp, type KnownCookie } from './stamp';

describe('the version stamp of a saved-state cookie', () => {
  it('reads a stamped cookie, and a cookie from before stamps as stamp 0', () => {
    expect(readStamp('12.eyJ2IjoxfQ')).toEqual({ stamp: 12, body: 'eyJ2IjoxfQ' });
    expect(readStamp('eyJ2IjoxfQ')).toEqual({ stamp: 0, body: 'eyJ2IjoxfQ' });
    expect(readStamp('3')).toEqual({ stamp: 0, body: '3' });
    expect(readStamp('4.3')).toEqual({ stamp: 4, body: '3' });
    expect(cookieBody(withStamp(7, 'abc'))).toBe('abc');
  });

  const known = (raw: string, stamp: number, seenMissing = false): KnownCookie => ({ raw, stamp, seenMissing });

  it('a newer stamp is news; the value this tab knows is not', () => {
    expect(isNews(known('3.a', 3), { raw: '4.b', stamp: 4 })).toBe(true);
    expect(isNews(known('3.a', 3), { raw: '3.a', stamp: 3 })).toBe(false);
  });

  it('an older stamp is a read that lags behind, whatever its value', () => {
    expect(isNews(known('3.a', 3), { raw: '2.b', stamp: 2 })).toBe(false);
    expect(isNews(known('3.a', 3), { raw: 'b', stamp: 0 })).toBe(false);
  });

  it('the same stamp with another value is another tab writing at the same moment', () => {
    expect(isNews(known('3.a', 3), { raw: '3.b', stamp: 3 })).toBe(true);
    expect(isNews(known('', 0, true), { raw: 'old', stamp: 0 })).toBe(true);
  });

  it('a missing cookie is a removal by another tab unless this tab has known it missing; an announced removal is newer', () => {
    expect(isNews(known('3.a', 3), { raw: '', stamp: 0 })).toBe(true);
    expect(isNews(known('3.a', 3, true), { raw: '', stamp: 0 })).toBe(false);
    expect(isNews(known('3.a', 3, true), { raw: '', stamp: 4 })).toBe(true);
  });
});
