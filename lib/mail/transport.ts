import 'server-only';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxRow } from '@/lib/db/schema';
import type { Env } from '@/lib/env';

/**
 * Where a claimed outbox row goes: SMTP, or (no SMTP_URL) the server log and DATA_DIR/outbox/. `send` resolves only
 * once the mail is handed over for good (lib/mail/outbox.ts marks it sent then).
 */
export interface MailTransport {
  kind: 'smtp' | 'log';
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

/**
 * One Message-ID per outbox row: a mail sent again after a crash (handed over, not yet marked sent) is the same
 * message, which mail programs show once.
 */
export function messageIdOf(row: Pick<OutboxRow, 'id' | 'createdAt'>, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox.${row.id}.${row.createdAt.getTime()}@${domain}>`;
}

function smtpTransport(current: Env & { SMTP_URL: string }): MailTransport {
  // nodemailer waits up to two minutes to connect and ten for a silent socket by default.
  const transport = nodemailer.createTransport({ url: current.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    kind: 'smtp',
    async send(row) {
      await transport.sendMail({
        messageId: messageIdOf(row, current.MAIL_FROM),
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

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `name` in `folder` so that it is there whole or not at all, also across a crash or a power cut: the content
 * goes to the same name in `scratch` (a folder nobody reads; a retry overwrites what a crash left there), is synced,
 * renamed into place, and `folder` is synced so that the rename itself is on disk. Both on one file system.
 */
export async function writeFileDurably(folder: string, name: string, content: string, scratch: string): Promise<void> {
  await mkdir(scratch, { recursive: true });
  const temporary = path.join(scratch, name);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path.join(folder, name));
  await syncFolder(folder);
}

/**
 * Without SMTP: a person running the site locally follows links from the log; local tools read the JSON files
 * (`{created ms}-{outbox id}.json`, each whole or absent; DATA_DIR/.outbox-partial/ holds the one being written).
 */
function logTransport(current: Env): MailTransport {
  return {
    kind: 'log',
    async send(row) {
      console.info(`[mail] outbox #${row.id} to ${row.to}: ${row.subject}\n${row.text}`);
      const folder = path.resolve(current.DATA_DIR, 'outbox');
      // A folder made now is an entry of its parent: that is synced too.
      if (await mkdir(folder, { recursive: true })) await syncFolder(path.dirname(folder));
      const file = { id: row.id, to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers, attachments: row.attachments ?? undefined, calendar: row.calendar ?? undefined };
      await writeFileDurably(folder, `${row.createdAt.getTime()}-${row.id}.json`, JSON.stringify(file, null, 2), path.resolve(current.DATA_DIR, '.outbox-partial'));
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
