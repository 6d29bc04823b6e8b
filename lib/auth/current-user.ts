import 'server-only';
import { cookies } from 'next/headers';
import { getDb } from '@/lib/db';
import { sessionCookieName } from './cookies';
import { sessionForToken, type SessionUser } from './session';

/**
 * The signed-in user for server components (call inside <Suspense> or after connection()), or null. Looked up once
 * per request however many components ask (a desk layout and its page both do).
 */
export async function currentUser(): Promise<SessionUser | null> {
  const jar = await cookies();
  let user = lookups.get(jar);
  if (!user) {
    const token = jar.get(sessionCookieName())?.value;
    user = token ? getDb().then((db) => sessionForToken(db, token)).then((session) => session?.user ?? null) : Promise.resolve(null);
    lookups.set(jar, user);
  }
  return user;
}

/** Keyed by the request's cookie store, which Next.js makes once per request: the lookup ends with the request. */
const lookups = new WeakMap<object, Promise<SessionUser | null>>();
