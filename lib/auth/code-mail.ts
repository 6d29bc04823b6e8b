import type { MailMessage } from '@/lib/mail';

/** The sign-in code's mail. Kept beside lib/auth/codes.ts; sent through lib/mail like every other mail. */
export function signInCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: `${code} is your Bare & Polished NYC sign-in code`,
    text: [
      'Hi,',
      '',
      `Your sign-in code is ${code}`,
      '',
      `Enter it on the page where you asked for it, within ${minutes} minutes. It works once.`,
      '',
      'If you did not ask for it, ignore this message: nobody can sign in without the code.',
    ].join('\n'),
  };
}
