import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { getDb } from '@/lib/db';
import { sessionCookieName } from './cookies';
import { sessionForToken, type SessionUser } from './session';

/**
 * The signed-in user for server components (call inside <Suspense> or after connection()), or null. Looked up once
 * per request however many components ask (a desk layout and its page both do).
 */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const token = (await cookies()).get(sessionCookieName())?.value;
  if (!token) return null;
  return (await sessionForToken(await getDb(), token))?.user ?? null;
});
