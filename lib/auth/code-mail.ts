import { SITE_NAME } from '@/lib/catalog/tables';
import { env } from '@/lib/env';
import { composeMail, type MailMessage } from '@/lib/mail';

/** The sign-in code's mail. Kept beside lib/auth/codes.ts; sent through lib/mail like every other mail. */
export function signInCodeMail(to: string, code: string, minutes: number): MailMessage {
  return composeMail({
    to,
    subject: `${code} is your ${SITE_NAME} sign-in code`,
    greeting: 'Hi,',
    blocks: [
      `Your sign-in code is ${code}`,
      `Enter it on the page where you asked for it, within ${minutes} minutes. It works once.`,
      'If you did not ask for it, ignore this message: nobody can sign in without the code.',
    ],
    siteUrl: env().SITE_URL,
  });
}
