import { apiHandler, json } from '@/lib/api';
import { signOutCookies } from '@/lib/auth/cookies';
import { endSession, sessionForToken, sessionToken } from '@/lib/auth/session';
import { getDb } from '@/lib/db';

/** Ends the session on the server and removes both cookies (BnpAuth with path '/'), signed in or not. */
export const POST = apiHandler(async (request) => {
  const token = sessionToken(request);
  if (token) {
    const db = await getDb();
    const session = await sessionForToken(db, token);
    if (session) await endSession(db, session.tokenHash);
  }
  const headers = new Headers();
  for (const cookie of signOutCookies()) headers.append('set-cookie', cookie);
  return json({ ok: true }, { headers });
});
