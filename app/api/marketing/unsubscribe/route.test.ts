import { eq } from 'drizzle-orm';
import { closeDb, getDb } from '@/lib/db';
import { outbox, subscriptions } from '@/lib/db/schema';
import { startTestSmtp } from '@/lib/test-support/smtp';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { testRequest } from '@/lib/test-support/requests';
import { POST as SUBSCRIBE } from '../createsubscription/route';
import { GET, POST } from './route';

jest.setTimeout(120_000);
createTempDataDir();
afterAll(closeDb);
beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

let ip = 0;
const subscribe = (email: string) => SUBSCRIBE(testRequest('/api/marketing/createsubscription/', { body: { email, createdBy: 'web' }, ip: `198.51.100.${(ip += 1)}` }));
/** The one-click POST as a mail provider sends it (RFC 8058): from its own servers, no Origin, no cookies. */
const oneClick = (query: string) =>
  POST(new Request(`http://localhost:3000/api/marketing/unsubscribe/${query}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }));

async function welcomeTo(email: string) {
  const [mail] = await (await getDb()).select().from(outbox).where(eq(outbox.to, email));
  return mail!;
}

describe('offers mail and one-click unsubscribe', () => {
  it('subscribing mails a welcome with both parts and the List-Unsubscribe headers; one click ends it', async () => {
    expect((await subscribe('fan@example.com')).status).toBe(201);
    const mail = await welcomeTo('fan@example.com');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const header = /^<(http:\/\/localhost:3000\/api\/marketing\/unsubscribe\/\?token=[0-9a-f-]{36})>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '');
    expect(header).not.toBeNull();
    const page = /http:\/\/localhost:3000\/unsubscribe\/\?token=[0-9a-f-]{36}/.exec(mail.text)?.[0];
    expect(page).toBeDefined();
    expect(mail.html).toContain(`href="${page}"`);
    expect(mail.text).toContain('131 Spring Street');

    const query = new URL(header![1]!).search;
    const done = await oneClick(query);
    expect(done.status).toBe(200);
    expect(await (await getDb()).select().from(subscriptions).where(eq(subscriptions.email, 'fan@example.com'))).toHaveLength(0);
    // Again (a mail program's retry): the same answer, and nothing else changes.
    const again = await oneClick(query);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, message: 'Unsubscribed.' });
    // Subscribing again works, with a new token.
    expect((await subscribe('fan@example.com')).status).toBe(201);
  });

  it('cannot be forged: a made-up token, or another subscriber\'s address, unsubscribes nobody; a malformed one is a 400', async () => {
    expect((await subscribe('keep@example.com')).status).toBe(201);
    // Answered as a used one is (the one-click address is idempotent), and it unsubscribes nobody.
    expect((await oneClick('?token=00000000-0000-4000-8000-000000000000')).status).toBe(200);
    expect((await oneClick('?token=keep@example.com')).status).toBe(400);
    expect((await oneClick('?email=keep@example.com')).status).toBe(400);
    expect((await oneClick('')).status).toBe(400);
    expect(await (await getDb()).select().from(subscriptions).where(eq(subscriptions.email, 'keep@example.com'))).toHaveLength(1);
  });

  it('a person opening the one-click address is sent to the page with the button', async () => {
    const answer = await GET(new Request('http://localhost:3000/api/marketing/unsubscribe/?token=abc'));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('http://localhost:3000/unsubscribe/?token=abc');
  });

  it('the welcome goes through a real SMTP server with the headers mail programs read', async () => {
    const smtp = await startTestSmtp();
    process.env.SMTP_URL = smtp.url;
    try {
      expect((await subscribe('smtp-fan@example.com')).status).toBe(201);
      expect(smtp.received).toHaveLength(1);
      const lines = smtp.received[0]!.headerLines;
      expect(lines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r?\n/g, '')).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/marketing\/unsubscribe\/\?token=[0-9a-f-]{36}>$/);
      expect(lines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(smtp.received[0]!.html).toContain('Unsubscribe in one click');
      expect(smtp.received[0]!.text).toContain('Unsubscribe in one click');
    } finally {
      delete process.env.SMTP_URL;
      await smtp.close();
    }
  });
});
