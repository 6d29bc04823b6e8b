import { hostOf, isSameOrigin, originOf } from './same-origin';

const headers = (values: Record<string, string>) => new Headers(values);

describe('the one Origin comparison', () => {
  it('compares the whole origin: scheme, host and port', () => {
    const site = 'http://127.0.0.1:3000';
    expect(isSameOrigin('http://127.0.0.1:3000', [site])).toBe(true);
    expect(isSameOrigin('https://127.0.0.1:3000', [site])).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:3001', [site])).toBe(false);
    expect(isSameOrigin('http://127.0.0.1', [site])).toBe(false);
    expect(isSameOrigin('ws://127.0.0.1:3000', [site])).toBe(false);
    expect(isSameOrigin('http://localhost:3000', [site])).toBe(false);
  });

  it('reads default ports and letter case as browsers serialise them', () => {
    expect(isSameOrigin('https://salon.example', ['https://SALON.example:443'])).toBe(true);
    expect(isSameOrigin('http://salon.example:80', ['http://salon.example'])).toBe(true);
    expect(isSameOrigin('http://salon.example:443', ['https://salon.example'])).toBe(false);
  });

  it('refuses a missing, opaque or unreadable Origin', () => {
    for (const origin of [null, '', 'null', 'not a url', 'file:///etc/passwd']) expect(isSameOrigin(origin, ['http://127.0.0.1:3000'])).toBe(false);
    expect(isSameOrigin('http://127.0.0.1:3000', [undefined])).toBe(false);
  });

  it('builds the request origin from the scheme and host server.mjs has set', () => {
    expect(originOf(headers({ host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' }), '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(originOf(headers({ 'x-forwarded-proto': 'https' }), 'salon.example')).toBe('https://salon.example');
    // A request built in this process (a form's server action calling a handler) carries no X-Forwarded-Proto.
    expect(originOf(headers({}), 'localhost:3000')).toBe('http://localhost:3000');
    expect(originOf(headers({}), undefined)).toBeUndefined();
  });

  it('takes X-Forwarded-Host only where it is trusted', () => {
    const sent = headers({ host: '10.0.0.5:3000', 'x-forwarded-host': 'Salon.example' });
    expect(hostOf(sent, false)).toBe('10.0.0.5:3000');
    expect(hostOf(sent, true)).toBe('salon.example');
    expect(hostOf(headers({ host: '127.0.0.1:3000' }), true)).toBe('127.0.0.1:3000');
  });
});
