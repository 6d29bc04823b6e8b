import { createServer, type Server } from 'node:net';
import { closeDb, getDb } from '@/lib/db';
import { outbox } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { sendMail } from '.';

jest.setTimeout(120_000);
createTempDataDir();
afterAll(closeDb);

/** The least SMTP server that accepts one message: enough to prove the nodemailer path. */
function smtpStub(received: string[]): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 stub ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        if (!line) continue;
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 stub\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })));
}

describe('sendMail', () => {
  it('keeps the message in the outbox without SMTP_URL', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const db = await getDb();
    const delivery = await sendMail(db, { to: 'a@example.com', subject: 'Hi', text: 'Body' });
    expect(delivery.via).toBe('outbox');
    expect(await db.select({ to: outbox.to, text: outbox.text }).from(outbox)).toEqual([{ to: 'a@example.com', text: 'Body' }]);
  });

  it('sends through nodemailer to SMTP_URL when set, and keeps nothing in the outbox', async () => {
    const received: string[] = [];
    const { server, port } = await smtpStub(received);
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    try {
      const db = await getDb();
      const delivery = await sendMail(db, { to: 'b@example.com', subject: 'Reset', text: 'Open http://localhost/x' });
      expect(delivery.via).toBe('smtp');
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/To: b@example.com/);
      expect(received[0]).toMatch(/Subject: Reset/);
      expect((await db.select().from(outbox)).map((row) => row.to)).not.toContain('b@example.com');
    } finally {
      delete process.env.SMTP_URL;
      server.close();
    }
  });
});
