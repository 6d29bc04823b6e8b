import { ENHANCED_FIELD, idleState } from '@/components/forms/form-state';
import { closeDb } from '@/lib/db';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { subscribeAction } from './actions';
import type { SubscribeOutcome } from './messages';

const incoming = new Headers({ 'x-bnp-client-address': '198.51.100.7' });
jest.mock('next/headers', () => ({ headers: async () => incoming, cookies: async () => ({ set: jest.fn() }) }));

jest.setTimeout(120_000);
createTempDataDir();
process.env.SITE_URL = 'http://localhost:3000';
afterAll(closeDb);

const send = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  data.set(ENHANCED_FIELD, '1');
  return subscribeAction(idleState<SubscribeOutcome>(), data);
};

describe('subscribeAction', () => {
  it("subscribes once through the API's handler; the same address again is already subscribed", async () => {
    await expect(send({ email: ' Fan@Example.com ', website: '' })).resolves.toEqual({ outcome: 'ok', message: 'Subscribed successfully!', fields: {}, values: {}, data: 'subscribed' });
    await expect(send({ email: 'fan@example.com' })).resolves.toEqual({ outcome: 'ok', message: 'Already been subscribed!', fields: {}, values: {}, data: 'already' });
  });

  it('fails for a bad address and a filled honeypot', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(send({ email: 'nope' })).resolves.toMatchObject({ outcome: 'error', message: 'Failed to subscribe!', data: 'failed' });
    await expect(send({ email: 'bot@example.com', website: 'spam' })).resolves.toMatchObject({ outcome: 'error', data: 'failed' });
    jest.mocked(console.error).mockRestore();
  });

  it('sent without scripts, answers with a redirect to the result page', async () => {
    const data = new FormData();
    data.set('email', 'no-script-fan@example.com');
    const thrown = await subscribeAction(idleState<SubscribeOutcome>(), data).then(
      () => undefined,
      (error: { digest?: string }) => error,
    );
    expect(thrown?.digest).toMatch(/^NEXT_REDIRECT;push;\/subscription\/\?result=subscribed;/);
  });
});
