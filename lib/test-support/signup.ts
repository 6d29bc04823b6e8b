import { desc, eq } from 'drizzle-orm';
import { finishSignUpHandler, signUpHandler } from '@/lib/auth/handlers';
import { getDb } from '@/lib/db';
import { outbox } from '@/lib/db/schema';
import { testRequest, type TestRequestOptions } from './requests';

const LINK = /\/signup\/confirm\/([A-Za-z0-9_-]{43})\//;

/** The token of the newest sign-up link mailed to `email` (the outbox table, kept while no SMTP server is set). */
export async function latestSignUpToken(email: string): Promise<string | undefined> {
  const mails = await (await getDb()).select({ text: outbox.text }).from(outbox).where(eq(outbox.to, email.trim().toLowerCase())).orderBy(desc(outbox.id));
  for (const mail of mails) {
    const token = LINK.exec(mail.text)?.[1];
    if (token) return token;
  }
  return undefined;
}

/**
 * Signs up as a person does: the sign-up (202), then the mailed link. Returns the link's answer (201 with the profile
 * and the session cookies). Throws when a step answers otherwise.
 */
export async function signUpThroughLink(body: { name: string; email: string; password: string; returnPath?: string }, options: TestRequestOptions = {}): Promise<Response> {
  const asked = await signUpHandler(testRequest('/api/auth/signup/', { ...options, body }));
  if (asked.status !== 202) throw new Error(`Sign-up answered ${asked.status}: ${await asked.text()}`);
  const token = await latestSignUpToken(body.email);
  if (!token) throw new Error(`No sign-up link was mailed to ${body.email}`);
  const finished = await finishSignUpHandler(testRequest('/api/auth/signup/confirm/', { ...options, body: { token } }));
  if (finished.status !== 201) throw new Error(`The sign-up link answered ${finished.status}: ${await finished.text()}`);
  return finished;
}
