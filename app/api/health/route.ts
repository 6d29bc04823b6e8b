import { json } from '@/lib/api/errors';
import { backend } from '@/lib/backend';

/** Ready when the database is open and migrated (load balancers and the end-to-end runner wait for it). */
export async function GET(): Promise<Response> {
  const { status, body } = await backend().health();
  return json(body, { status });
}
