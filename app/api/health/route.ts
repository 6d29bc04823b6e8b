import { json } from '@/lib/api/errors';
import { getDatabase } from '@/lib/db';
import { env, proxyEnabled } from '@/lib/env';

/** Ready when the database is open and migrated (load balancers and the end-to-end runner wait for it). */
export async function GET(): Promise<Response> {
  if (proxyEnabled(env())) return json({ ok: true, backend: 'proxy' });
  try {
    const database = await getDatabase();
    return json({ ok: true, backend: database.kind });
  } catch (error) {
    console.error('[health] database not ready', error);
    return json({ ok: false, error: { code: 'database_unavailable', message: 'The database is not available.' } }, { status: 503 });
  }
}
