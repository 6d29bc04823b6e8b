import 'server-only';
import { getDb } from '@/lib/db';
import { searchQuerySchema } from './customer-schemas';
import { searchCustomers, type DeskCustomer } from './customers';

/** The server's answer to the search form's ?q= (the form works without scripts): results, or why there are none. */
export async function searchFromQuery(raw: string | string[] | undefined): Promise<{ query: string; results: DeskCustomer[] | null; more?: boolean; problem?: string }> {
  const query = typeof raw === 'string' ? raw : '';
  if (query.trim() === '') return { query, results: null };
  const parsed = searchQuerySchema.safeParse(query);
  if (!parsed.success) return { query, results: null, problem: parsed.error.issues[0]!.message };
  const { customers, more } = await searchCustomers(await getDb(), parsed.data);
  return { query, results: customers, more };
}
