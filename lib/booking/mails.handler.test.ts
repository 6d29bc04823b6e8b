import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { cardFor } from '@/lib/booking/test-support/cards';
import { jsonInit, signedIn } from '@/lib/booking/test-support/fixtures';
import { closeDb, getDb } from '@/lib/db';
import { outbox, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { createAppointment } from './handlers';

jest.setTimeout(120_000);
createTempDataDir('salon-confirmation-mail-');
afterAll(closeDb);

const NOW = Date.parse('2027-01-04T17:00:00Z');
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
afterEach(() => jest.restoreAllMocks());

describe('booking confirmation mail', () => {
  it('a new booking mails the customer once, with the .ics; a replayed request does not mail again', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const [user] = await db.select().from(users).where(eq(users.id, me.userId));
    const body = cardFor([{ therapist: 0, date: '2027-01-11 10:00' }]);
    const send = () =>
      createAppointment(
        new Request(`http://localhost:3000/api/appointments/${me.userId}/`, jsonInit('POST', body, me.cookie, { 'idempotency-key': 'mail-test-0001' })),
        { customerId: me.userId },
      );
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(200);
    const mails = await db.select().from(outbox).where(eq(outbox.to, user!.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Bare & Polished NYC booking is confirmed');
    expect(mails[0]!.text).toContain('Monday, January 11, 2027 at 10:00 AM EST');
    const folder = path.resolve(env().DATA_DIR, 'outbox');
    const files = readdirSync(folder).map((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as { to: string; attachments?: { content: string }[] });
    const mine = files.filter((f) => f.to === user!.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attachments?.[0]?.content).toContain('DTSTART:20270111T150000Z');
  });
});
