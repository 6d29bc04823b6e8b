import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './worker-server';

/**
 * The site's mail as the end-to-end runs see it: with no SMTP server set, each message is written to
 * DATA_DIR/outbox/ as JSON. The default server's DATA_DIR is the run's; the extra servers of some specs use folders
 * under it (next-server.ts freshDataDir), so every outbox below the run's folder is read. Addresses are unique per
 * test, so the newest mail to one is that test's.
 */
const runDataDir = () => path.resolve(process.env.DATA_DIR ?? '.data/e2e');

function outboxFolders(): string[] {
  const root = runDataDir();
  const folders = [path.join(root, 'outbox')];
  if (existsSync(root)) {
    for (const entry of readdirSync(root, { withFileTypes: true })) if (entry.isDirectory()) folders.push(path.join(root, entry.name, 'outbox'));
  }
  return folders.filter((folder) => existsSync(folder));
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail to `email` so far, oldest first. */
export function mailsTo(email: string): Mail[] {
  const files = outboxFolders().flatMap((folder) => readdirSync(folder).map((file) => ({ file, full: path.join(folder, file) })));
  // File names start with the time the mail was kept: sorted by it, the newest comes last.
  files.sort((a, b) => a.file.localeCompare(b.file, 'en', { numeric: true }));
  return files.map(({ full }) => readMail(full)).filter((mail) => mail.to === email.toLowerCase());
}

/** A mail file: each is whole, written elsewhere and renamed into the folder (lib/mail/transport.ts). */
function readMail(file: string): Mail {
  return JSON.parse(readFileSync(file, 'utf8')) as Mail;
}

/** The text of the newest mail to `email` whose subject matches, waiting for it. */
export async function mailTextTo(email: string, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(email)
          .reverse()
          .find((m) => subject.test(m.subject));
        text = mail?.text ?? '';
        return mail !== undefined;
      },
      { message: `a mail to ${email} with a subject like ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return text;
}

/** The path of the newest link matching `pattern` mailed to `email`, waiting for it: mail goes out after the answer. */
export async function mailedLink(email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(email).reverse()) {
          link = pattern.exec(mail.text)?.[0];
          if (link) return true;
        }
        return false;
      },
      { message: `a mail to ${email} with a link like ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  return new URL(link!).pathname;
}

export const signUpLinkFor = (email: string) => mailedLink(email, /https?:\/\/\S+\/signup\/confirm\/[A-Za-z0-9_-]{43}\//);
export const resetLinkFor = (email: string) => mailedLink(email, /https?:\/\/\S+\/resetpassword\/[A-Za-z0-9_-]{43}\//);

/**
 * An account through the JSON API, as a person makes one: sign-up (202), then the mailed link's token. The request
 * context needs the site's Origin header (in its extraHTTPHeaders, or `headers` here); it comes out signed in.
 * Returns the profile.
 */
export async function signUpByApi(
  api: APIRequestContext,
  person: { name: string; email: string; password: string },
  headers: Record<string, string> = {},
): Promise<{ id: string; name: string; email: string }> {
  const asked = await api.post('/api/auth/signup/', { data: person, headers });
  expect(asked.status(), await asked.text()).toBe(202);
  const token = (await signUpLinkFor(person.email)).split('/').at(-2);
  const finished = await api.post('/api/auth/signup/confirm/', { data: { token }, headers });
  expect(finished.status(), await finished.text()).toBe(201);
  return (await finished.json()) as { id: string; name: string; email: string };
}

/**
 * The newest six-digit sign-in code mailed to `email`, waiting for it (the mail goes out after the answer) and for
 * more than `notBefore` code mails, so that an earlier code is not taken for the one just asked for.
 */
export async function mailedCode(email: string, notBefore = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(email).filter((mail) => mail.subject.endsWith('sign-in code'));
        code = mails.length > notBefore ? /sign-in code is (\d{6})/.exec(mails.at(-1)!.text)?.[1] : undefined;
        return Boolean(code);
      },
      { message: `a sign-in code mailed to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return code!;
}
