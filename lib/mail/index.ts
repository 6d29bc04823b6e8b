import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '@/lib/db';
import { outbox } from '@/lib/db/schema';
import { env } from '@/lib/env';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Kept in the outbox JSON file (not the table) when no SMTP server is set. */
  attachments?: MailAttachment[];
}

export type MailDelivery = { via: 'smtp'; messageId: string } | { via: 'outbox'; id: number };

/**
 * Sends through nodemailer when SMTP_URL is set. Otherwise the message is kept in the outbox table, printed to the
 * server log (so a person running the site locally can follow a reset link), and written to DATA_DIR/outbox/ as a
 * JSON file for local tools and the end-to-end tests.
 */
export async function sendMail(db: Db, message: MailMessage): Promise<MailDelivery> {
  const current = env();
  if (current.SMTP_URL) {
    // nodemailer waits up to two minutes to connect and ten for a silent socket by default.
    const transport = nodemailer.createTransport({ url: current.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    const info = await transport.sendMail({ from: current.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, attachments: message.attachments });
    transport.close();
    return { via: 'smtp', messageId: String(info.messageId) };
  }
  const [row] = await db.insert(outbox).values({ to: message.to, subject: message.subject, text: message.text }).returning({ id: outbox.id, createdAt: outbox.createdAt });
  if (!row) throw new Error('outbox insert returned nothing');
  console.info(`[mail] outbox #${row.id} to ${message.to}: ${message.subject}\n${message.text}`);
  const folder = path.resolve(current.DATA_DIR, 'outbox');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, `${row.createdAt.getTime()}-${row.id}.json`), JSON.stringify({ id: row.id, ...message }, null, 2));
  return { via: 'outbox', id: row.id };
}

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Bare & Polished NYC password',
    text: [
      `Hi ${name},`,
      '',
      'Someone asked to reset the password of your Bare & Polished NYC account. To choose a new password, open this link',
      'within one hour:',
      '',
      link,
      '',
      'The link works once. If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function finishSignUpMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Finish creating your Bare & Polished NYC account',
    text: [
      `Hi ${name},`,
      '',
      'Thank you for signing up. To finish creating your account and sign in, open this link within one hour:',
      '',
      link,
      '',
      'The link works once. If you did not sign up, ignore this message: no account is created.',
    ].join('\n'),
  };
}

/** To the owner of an existing account when someone signs up with its address: nothing is created or changed. */
export function signUpAttemptMail(to: string, name: string, links: { signIn: string; reset: string }): MailMessage {
  return {
    to,
    subject: 'Someone tried to create a Bare & Polished NYC account with your address',
    text: [
      `Hi ${name},`,
      '',
      'Someone, maybe you, tried to create a Bare & Polished NYC account with this e-mail address. You already have an',
      'account, so nothing was created or changed.',
      '',
      `To sign in: ${links.signIn}`,
      `Forgot your password? Reset it here: ${links.reset}`,
      '',
      'If it was not you, you can ignore this message: your account and password stay as they are.',
    ].join('\n'),
  };
}
