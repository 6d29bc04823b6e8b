'use client';

import { useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import { formatPhone } from '@/lib/desk/phone';
import { getJson } from './fetch-json';

export interface PickedCustomer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** A customer not yet saved: created when the booking is made. */
export interface NewCustomerDraft {
  name: string;
  phone: string;
  email: string;
}

export type CustomerChoice = { kind: 'found'; customer: PickedCustomer } | { kind: 'new'; draft: NewCustomerDraft } | null;

interface SearchAnswer {
  customers: PickedCustomer[];
  more: boolean;
}

const SEARCH_MIN = 3;
const input = 'mt-1 block w-full rounded border border-stone-400 px-2 py-2 text-base';

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** What the desk knows of a customer on one line: the phone (as the desk writes it) and the e-mail. */
export function contactOf(customer: Pick<PickedCustomer, 'phone' | 'email'>): string {
  return [customer.phone ? formatPhone(customer.phone) : null, customer.email].filter(Boolean).join(' · ') || 'No contact details';
}

/**
 * Find the customer (the desk's search, GET /api/desk/customers/?q=) or start a new one inline: the new customer's
 * name is taken from what was typed in the search when it reads as a name, its phone when it reads as a number.
 */
export function CustomerPicker({ choice, onChoose, walkIn }: { choice: CustomerChoice; onChoose: (choice: CustomerChoice) => void; walkIn: boolean }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 250);
  const { data, error, isLoading } = useSWR<SearchAnswer>(q.length >= SEARCH_MIN && !choice ? `/api/desk/customers/?q=${encodeURIComponent(q)}` : null, getJson, {
    keepPreviousData: true,
  });

  if (choice?.kind === 'found') {
    return (
      <div className="flex items-start justify-between gap-2 rounded border border-stone-300 p-2">
        <p className="text-sm">
          <span className="block font-semibold">{choice.customer.name}</span>
          <span className="block text-stone-700">{contactOf(choice.customer)}</span>
        </p>
        <button type="button" onClick={() => onChoose(null)} className="min-h-11 rounded border border-stone-300 px-3 text-sm font-semibold text-brand-800">
          Change
        </button>
      </div>
    );
  }

  if (choice?.kind === 'new') {
    const set = (field: keyof NewCustomerDraft) => (event: React.ChangeEvent<HTMLInputElement>) => onChoose({ kind: 'new', draft: { ...choice.draft, [field]: event.target.value } });
    return (
      <fieldset className="rounded border border-stone-300 p-2">
        <legend className="px-1 text-sm font-semibold">{walkIn ? 'New walk-in' : 'New customer'}</legend>
        <label className="block text-sm font-semibold" htmlFor={`${id}-name`}>
          Name
        </label>
        <input id={`${id}-name`} className={input} value={choice.draft.name} onChange={set('name')} autoComplete="off" required />
        <label className="mt-2 block text-sm font-semibold" htmlFor={`${id}-phone`}>
          Phone{walkIn ? ' (if they give one)' : ''}
        </label>
        <input id={`${id}-phone`} className={input} type="tel" inputMode="tel" value={choice.draft.phone} onChange={set('phone')} autoComplete="off" />
        {walkIn ? null : (
          <>
            <label className="mt-2 block text-sm font-semibold" htmlFor={`${id}-email`}>
              E-mail
            </label>
            <input id={`${id}-email`} className={input} type="email" value={choice.draft.email} onChange={set('email')} autoComplete="off" />
            <p className="mt-1 text-xs text-stone-700">A phone number or an e-mail address (the confirmation is mailed to an address).</p>
          </>
        )}
        <button type="button" onClick={() => onChoose(null)} className="mt-2 min-h-11 rounded border border-stone-300 px-3 text-sm font-semibold text-brand-800">
          Search instead
        </button>
      </fieldset>
    );
  }

  const typedPhone = /^[\d\s().+-]+$/.test(query.trim());
  const results = data?.customers ?? [];
  return (
    <div>
      <label className="block text-sm font-semibold" htmlFor={`${id}-q`}>
        Find the customer
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className={input}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Name, phone or e-mail"
        autoComplete="off"
        aria-describedby={`${id}-q-status`}
      />
      <p id={`${id}-q-status`} role="status" className="mt-1 text-xs text-stone-700">
        {error instanceof Error
          ? error.message
          : q.length < SEARCH_MIN
            ? `Type at least ${SEARCH_MIN} characters.`
            : isLoading
              ? 'Searching…'
              : data
                ? `${results.length === 0 ? 'No customer matches.' : `${results.length}${data.more ? '+' : ''} found.`}`
                : ''}
      </p>
      {results.length > 0 ? (
        <ul className="mt-1 flex flex-col gap-1" aria-label="Customers found">
          {results.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                onClick={() => onChoose({ kind: 'found', customer })}
                className="block min-h-11 w-full rounded border border-stone-300 px-2 py-1 text-left text-sm hover:bg-brand-50"
              >
                <span className="block font-semibold">{customer.name}</span>
                <span className="block text-stone-700">{contactOf(customer)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        onClick={() => onChoose({ kind: 'new', draft: { name: typedPhone ? '' : query.trim(), phone: typedPhone ? query.trim() : '', email: '' } })}
        className="mt-2 min-h-11 rounded border border-brand-800 px-3 text-sm font-semibold text-brand-800"
      >
        {walkIn ? 'New walk-in' : 'New customer'}
      </button>
    </div>
  );
}
