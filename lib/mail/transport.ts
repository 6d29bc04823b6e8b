import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxRow } from '@/lib/db/schema';
import type { Env } from '@/lib/env';

/** Where a claimed outbox row goes: SMTP, or (no SMTP_URL) the server log and DATA_DIR/outbox/. */
export interface MailTransport {
  kind: 'smtp' | 'log';
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

function smtpTransport(current: Env & { SMTP_URL: string }): MailTransport {
  // nodemailer waits up to two minutes to connect and ten for a silent socket by default.
  const transport = nodemailer.createTransport({ url: current.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    kind: 'smtp',
    async send(row) {
      await transport.sendMail({
        from: current.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        headers: row.headers ?? {},
        attachments: row.attachments ?? [],
        ...(row.calendar ? { icalEvent: { method: row.calendar.method, content: row.calendar.content, filename: 'invite.ics' } } : {}),
      });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP: a person running the site locally follows links from the log; local tools read the JSON files. */
function logTransport(current: Env): MailTransport {
  return {
    kind: 'log',
    async send(row) {
      console.info(`[mail] outbox #${row.id} to ${row.to}: ${row.subject}\n${row.text}`);
      const folder = path.resolve(current.DATA_DIR, 'outbox');
      await mkdir(folder, { recursive: true });
      const file = { id: row.id, to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers, attachments: row.attachments ?? undefined, calendar: row.calendar ?? undefined };
      await writeFile(path.join(folder, `${row.createdAt.getTime()}-${row.id}.json`), JSON.stringify(file, null, 2));
    },
    close: () => undefined,
  };
}

export function mailTransport(current: Env): MailTransport {
  return current.SMTP_URL ? smtpTransport({ ...current, SMTP_URL: current.SMTP_URL }) : logTransport(current);
}

/** The receiving server refused this message or recipient for good (a 5xx to RCPT TO or DATA): retrying cannot help. */
export function isPermanentRefusal(error: unknown): boolean {
  const e = error as { code?: unknown; responseCode?: unknown };
  return (e?.code === 'EENVELOPE' || e?.code === 'EMESSAGE') && typeof e.responseCode === 'number' && e.responseCode >= 500;
}
