import { CODE_RECIPIENT_COOKIE, codeSentState, forgetCodeRecipient, rememberCodeRecipient } from './code-recipient';

// next/headers stands for the request's cookies and the answer's Set-Cookie (as in components/account/*.test.ts).
const kept = new Map<string, { value: string; maxAge?: number; path?: string; httpOnly?: boolean }>();
const jar = {
  get: (name: string) => (kept.has(name) ? { name, value: kept.get(name)!.value } : undefined),
  set: (cookie: { name: string; value: string; maxAge?: number; path?: string; httpOnly?: boolean }) => kept.set(cookie.name, cookie),
};
jest.mock('next/headers', () => ({ cookies: async () => jar }));

beforeEach(() => kept.clear());

describe("the address a sign-in code went to", () => {
  it('is kept HttpOnly for the whole site while the code works, and gives the code step back', async () => {
    await rememberCodeRecipient('ana@example.com');
    expect(kept.get(CODE_RECIPIENT_COOKIE)).toMatchObject({ value: 'ana@example.com', maxAge: 600, path: '/', httpOnly: true });
    expect(await codeSentState()).toEqual({ outcome: 'ok', message: expect.stringContaining('six-digit code'), fields: {}, values: { email: 'ana@example.com', step: 'code' } });
    await forgetCodeRecipient();
    expect(kept.get(CODE_RECIPIENT_COOKIE)).toMatchObject({ value: '', maxAge: 0 });
    expect(await codeSentState()).toBeUndefined();
  });

  it('is ignored when the cookie is not an address (tampered, cut short, oversized)', async () => {
    for (const value of ['not-an-address', '<script>@x', `${'a'.repeat(300)}@example.com`, '%E0%A4%A', '']) {
      kept.set(CODE_RECIPIENT_COOKIE, { value });
      expect(await codeSentState()).toBeUndefined();
    }
  });
});
