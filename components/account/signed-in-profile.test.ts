import { authCookieValue } from '@/lib/persistence/auth';
import { profileOf } from './signed-in-profile';

const answer = (body: unknown, headers: Record<string, string> = {}) => ({ ok: true, status: 200, body, headers: new Headers(headers) });

describe('profileOf', () => {
  it('reads the profile from the answer’s JSON', () => {
    expect(profileOf(answer({ id: 'u1', name: 'Ana', email: 'ana@example.com' }))).toEqual({ id: 'u1', name: 'Ana', email: 'ana@example.com' });
  });

  it('keeps an id whose name or address is missing, with empty text', () => {
    expect(profileOf(answer({ id: 'u1', name: 7 }))).toEqual({ id: 'u1', name: '', email: '' });
  });

  it('falls back on the x-bnp-auth header in proxy mode', () => {
    const header = authCookieValue({ id: 'u2', name: 'Bea', email: 'bea@example.com' });
    expect(profileOf(answer({ message: 'Signed in.' }, { 'x-bnp-auth': header }))).toEqual({ id: 'u2', name: 'Bea', email: 'bea@example.com' });
  });

  it('has no profile without an id or a valid header', () => {
    expect(profileOf(answer({ message: 'Signed in.' }))).toBeUndefined();
    expect(profileOf(answer(undefined, { 'x-bnp-auth': 'not-a-profile' }))).toBeUndefined();
  });
});
