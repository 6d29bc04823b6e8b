/** @jest-environment jsdom */
import { rawCookie, readJar, removeCookie, writeCookie, writeMarkCookie } from './jar';

const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
let written: string[] = [];

beforeEach(() => {
  written = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => native.get!.call(document) as string,
    set: (line: string) => {
      written.push(line);
      native.set!.call(document, line);
    },
  });
});
afterEach(() => {
  for (const name of Object.keys(readJar())) removeCookie(name);
  delete (document as { cookie?: string }).cookie;
});

describe('the saved state cookie jar', () => {
  it('writes a value as it is, for the whole site, Lax, for three months', () => {
    writeCookie('bnp_fav', '3.eyJ2IjoxfQ');
    expect(rawCookie('bnp_fav')).toBe('3.eyJ2IjoxfQ');
    const [line] = written;
    expect(line).toMatch(/^bnp_fav=3\.eyJ2IjoxfQ; Path=\/; Expires=[^;]+; SameSite=Lax$/);
    const expires = new Date(/Expires=([^;]+)/.exec(line!)![1]!).getTime();
    const days = (expires - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
  });

  it('writes a short-lived mark for the whole site, Lax, for its seconds', () => {
    writeMarkCookie('PromoSnackOpen', '1', 60);
    expect(rawCookie('PromoSnackOpen')).toBe('1');
    expect(written).toEqual(['PromoSnackOpen=1; Max-Age=60; Path=/; SameSite=Lax']);
  });

  it('reads values without percent-decoding them and gives the first of a name', () => {
    native.set!.call(document, 'bnp_loc=a%20b; Path=/');
    expect(readJar().bnp_loc).toBe('a%20b');
    expect(rawCookie('bnp_card')).toBe('');
  });

  it('removes a cookie, and writes nothing for one that is not there', () => {
    writeCookie('bnp_shop', 'x');
    removeCookie('bnp_shop');
    expect(rawCookie('bnp_shop')).toBe('');
    expect(written[1]).toMatch(/^bnp_shop=; Max-Age=-1; Path=\/$/);
    removeCookie('bnp_shop');
    expect(written).toHaveLength(2);
  });

  it('refuses a value a cookie cannot carry instead of writing a broken one', () => {
    expect(() => writeCookie('bnp_fav', 'a;b')).toThrow(TypeError);
    expect(written).toHaveLength(0);
  });
});
