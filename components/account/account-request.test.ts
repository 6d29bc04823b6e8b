import { signInSchema, signUpSchema } from '@/lib/auth/schemas';
import { submitJson } from './account-request';

const answer = (status: number, body: unknown) => jest.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('submitJson', () => {
  it('stops on the shared schema before any request, with its field messages', async () => {
    const fetcher = answer(200, {});
    const result = await submitJson('/api/auth/signup/', signUpSchema, { name: '', email: 'x', password: 'short' }, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    expect(result).toEqual({
      ok: false,
      message: 'Please check the highlighted fields.',
      fields: { name: 'Enter your name.', email: 'Enter a valid e-mail address, like name@example.com.', password: 'Use at least 8 characters.' },
    });
  });

  it("posts JSON and returns the server's data, or its message and fields", async () => {
    const ok = answer(200, { id: '1', name: 'A', email: 'a@example.com' });
    await expect(submitJson('/api/auth/signin/', signInSchema, { email: 'a@example.com', password: 'x' }, ok)).resolves.toEqual({
      ok: true,
      data: { id: '1', name: 'A', email: 'a@example.com' },
    });
    expect(ok).toHaveBeenCalledWith('/api/auth/signin/', expect.objectContaining({ method: 'POST', headers: { 'Content-Type': 'application/json' } }));
    const refused = answer(422, { error: { code: 'invalid', message: 'Please check.', fields: { password: 'This password is too common.' } } });
    await expect(submitJson('/x/', signInSchema, { email: 'a@example.com', password: 'x' }, refused)).resolves.toEqual({
      ok: false,
      message: 'Please check.',
      fields: { password: 'This password is too common.' },
    });
    const limited = answer(429, { error: { code: 'rate_limited', message: 'Too many attempts. Please wait 15 minutes and try again.' } });
    await expect(submitJson('/x/', signInSchema, { email: 'a@example.com', password: 'x' }, limited)).resolves.toMatchObject({ message: /Too many attempts/ });
  });

  it('says so when the network fails', async () => {
    const down = jest.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(submitJson('/x/', signInSchema, { email: 'a@example.com', password: 'x' }, down)).resolves.toMatchObject({ ok: false, message: /could not reach/ });
  });
});
