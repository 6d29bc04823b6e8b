'use client';

import Link from '@/components/ui/AppLink';
import { useEffect, useRef, useState } from 'react';
import { useTypedText } from '@/components/ui/use-typed-text';
import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '@/lib/desk/customer-schemas';
import { formatPhone } from '@/lib/desk/phone';

export interface FoundCustomer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

const answerSchema = z.object({
  customers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
  more: z.boolean(),
});

/** Where a result leads: the customer's page, or (on /desk/book/) the booking page for them with the slot kept. */
function hrefOf(mode: 'customer' | 'book', id: string, slotQuery: string): string {
  const base = mode === 'book' ? `/booking/${id}/` : `/desk/customers/${id}/`;
  return mode === 'book' && slotQuery ? `${base}?${slotQuery}` : base;
}

interface Props {
  /** The page the GET form submits to ('/desk/customers/' or '/desk/book/'). */
  action: string;
  mode: 'customer' | 'book';
  /** The desk slot's query (book mode), kept in hidden fields and in the result links. */
  slotQuery: string;
  query: string;
  /** The server's results for `query` (null: no search yet), or the message for a query too short. */
  results: FoundCustomer[] | null;
  /** Others match too: the list shows the first ones. */
  more?: boolean;
  problem?: string;
}

/**
 * The customer search: a GET form the server answers (so it works without scripts), and with scripts results that
 * follow the typing (the staff-only /api/desk/customers/ handler) and an address kept in step.
 */
export function CustomerSearch({ action, mode, slotQuery, query, results: served, more: servedMore = false, problem: servedProblem }: Props) {
  const [text, setText, field] = useTypedText(query);
  const [results, setResults] = useState<FoundCustomer[] | null>(served);
  const [more, setMore] = useState(servedMore);
  const [problem, setProblem] = useState<string | undefined>(servedProblem);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    const q = text.trim();
    if (q === query.trim()) return;
    const ticket = ++latest.current;
    const timer = window.setTimeout(async () => {
      const url = new URL(window.location.href);
      if (q) url.searchParams.set('q', q);
      else url.searchParams.delete('q');
      window.history.replaceState(null, '', url.pathname + url.search);
      if (q.length < SEARCH_MIN_LENGTH) {
        setResults(null);
        setProblem(undefined);
        return;
      }
      setSearching(true);
      try {
        const response = await fetch(`/api/desk/customers/?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' } });
        const parsed = answerSchema.safeParse(await response.json().catch(() => null));
        if (ticket !== latest.current) return;
        if (response.ok && parsed.success) {
          setResults(parsed.data.customers);
          setMore(parsed.data.more);
          setProblem(undefined);
        } else {
          setProblem(response.status === 401 || response.status === 403 ? 'Please sign in again with a staff account.' : 'The search failed. Please try again.');
        }
      } catch {
        if (ticket === latest.current) setProblem('We could not reach the salon. Check your connection and try again.');
      } finally {
        if (ticket === latest.current) setSearching(false);
      }
    }, 250);
    return () => window.clearTimeout(timer);
  }, [text, query]);

  const slotFields = [...new URLSearchParams(slotQuery)];
  return (
    <div className="flex flex-col gap-3">
      <form method="get" action={action} role="search" aria-label="Customers" className="flex flex-wrap items-end gap-2">
        {slotFields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex min-w-0 grow flex-col gap-1">
          <label htmlFor="customer-q" className="font-semibold">
            Name, e-mail or phone
          </label>
          <input
            ref={field}
            id="customer-q"
            name="q"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            minLength={SEARCH_MIN_LENGTH}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            aria-describedby="customer-q-hint"
            className="w-full rounded border border-gray-500 px-3 py-2"
          />
          <p id="customer-q-hint" className="text-sm text-gray-700">
            At least {SEARCH_MIN_LENGTH} characters: part of a name, an address or a number.
          </p>
        </div>
        <button type="submit" className="mb-7 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
          Search
        </button>
      </form>
      <div aria-live="polite" aria-busy={searching}>
        {problem ? (
          <p role="alert" className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
            {problem}
          </p>
        ) : results === null ? null : results.length === 0 ? (
          <p>No customer matches “{text.trim() || query}”.</p>
        ) : (
          <>
            <p className="sr-only">{results.length === 1 ? 'One customer found.' : `${results.length} customers found.`}</p>
            <ul aria-label="Customers found" className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
              {results.map((customer) => (
                <li key={customer.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
                  <Link href={hrefOf(mode, customer.id, slotQuery)} prefetch={false} className="font-semibold text-brand-700 underline">
                    {mode === 'book' ? `Book for ${customer.name}` : customer.name}
                  </Link>
                  <span className="min-w-0 text-sm break-all text-gray-800">
                    {[customer.email, customer.phone ? formatPhone(customer.phone) : null].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
            {more ? <p className="mt-2 text-sm text-gray-800">More customers match: type more of the name, address or number.</p> : null}
          </>
        )}
      </div>
    </div>
  );
}
