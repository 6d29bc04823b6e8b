'use client';

import { useState } from 'react';
import { mutate } from 'swr';
import Link from '@/components/ui/AppLink';
import { formatClock } from '@/components/booking/format';
import { utcMsToLocal } from '@/lib/booking/dates';
import type { DeskDay } from '@/lib/desk/day-shape';
import { formatPhone } from '@/lib/desk/phone';
import { CONFLICT_LABEL, type ToResolveItem } from '@/lib/desk/to-resolve-rules';

type Outcome = { kind: 'error' | 'done'; text: string };

/** The answer's sentence, or a sentence of our own when the answer has none. */
async function refusal(response: Response, fallback: string): Promise<string> {
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return answer?.error?.message ?? fallback;
}

async function post(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, headers: { 'content-type': 'application/json', accept: 'application/json' } });
}

const UNREACHABLE = 'The salon could not be reached. Please try again.';

function Item({ item, day, refresh }: { item: ToResolveItem; day: DeskDay; refresh: () => Promise<unknown> }) {
  const [to, setTo] = useState<number | undefined>(item.free[0]?.id);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const chosen = item.free.some((t) => t.id === to) ? to : item.free[0]?.id;
  const selectId = `reassign-${item.id}`;
  const who = `${item.customerName}'s visit at ${formatClock(item.start)}`;

  async function act(run: () => Promise<Outcome>) {
    setBusy(true);
    setOutcome(undefined);
    try {
      const result = await run();
      setOutcome(result);
      await refresh();
    } catch {
      setOutcome({ kind: 'error', text: UNREACHABLE });
    } finally {
      setBusy(false);
    }
  }

  const reassign = () =>
    act(async () => {
      const therapist = item.free.find((t) => t.id === chosen)!;
      const response = await post(`/api/desk/appointments/${item.id}/`, {
        method: 'PATCH',
        body: JSON.stringify({ action: 'move', date: day.date, time: item.start, therapistId: therapist.id }),
      });
      if (response.ok) return { kind: 'done', text: `Reassigned to ${therapist.name}.` };
      // Taken since the list was read: by another desk, a customer online, or a hold.
      if (response.status === 416) return { kind: 'error', text: `${therapist.name} is no longer free at ${formatClock(item.start)}: the list now shows who is.` };
      return { kind: 'error', text: await refusal(response, 'That did not work. Please try again.') };
    });

  const notify = () =>
    act(async () => {
      const response = await post(`/api/desk/appointments/${item.id}/notify/`, { method: 'POST', body: '{}' });
      if (response.ok) return { kind: 'done', text: `Mailed ${item.customerEmail}.` };
      return { kind: 'error', text: await refusal(response, 'The mail could not be sent. Please try again.') };
    });

  return (
    <li className="rounded border border-stone-300 bg-white p-3" data-to-resolve={item.id}>
      <h3 className="font-semibold break-words">
        {formatClock(item.start)} to {formatClock(item.end)}: {item.customerName}
      </h3>
      <p className="text-sm break-words">
        {item.services.join(', ')} with {item.therapistName} ·{' '}
        <span className="font-semibold text-red-800">{CONFLICT_LABEL[item.conflict]}</span>
      </p>
      <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
        {item.customerPhone ? (
          <a href={`tel:${item.customerPhone}`} className="text-brand-800 underline">
            Call {formatPhone(item.customerPhone)}
          </a>
        ) : (
          <span>No phone</span>
        )}
        {item.customerEmail ? (
          <a href={`mailto:${item.customerEmail}`} className="break-all text-brand-800 underline">
            {item.customerEmail}
          </a>
        ) : (
          <span>No e-mail</span>
        )}
        <Link href={`/desk/appointments/${item.id}/`} prefetch={false} className="text-brand-800 underline">
          Open the visit
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {item.free.length > 0 ? (
          <>
            <div className="flex flex-col text-sm">
              <label htmlFor={selectId} className="font-semibold">
                Free at {formatClock(item.start)}
              </label>
              <select id={selectId} value={chosen} onChange={(e) => setTo(Number(e.target.value))} className="min-h-11 rounded border border-stone-400 bg-white px-2">
                {item.free.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" disabled={busy} onClick={reassign} aria-label={`Reassign ${who}`} className="min-h-11 rounded bg-brand-800 px-3 font-semibold text-white disabled:opacity-60">
              Reassign
            </button>
          </>
        ) : (
          <p className="text-sm">Nobody free does these services at {formatClock(item.start)}.</p>
        )}
        {item.customerEmail ? (
          <button type="button" disabled={busy} onClick={notify} aria-label={`Mail ${item.customerName} to choose another time`} className="min-h-11 rounded border border-brand-800 bg-white px-3 font-semibold text-brand-800 disabled:opacity-60">
            {item.notifiedAt ? 'Mail again' : 'Mail to choose another time'}
          </button>
        ) : null}
      </div>
      {item.notifiedAt ? <p className="mt-1 text-sm text-stone-800">Mailed at {formatClock(utcMsToLocal(Date.parse(item.notifiedAt)).slice(11, 16))}</p> : null}
      {outcome ? (
        <p role={outcome.kind === 'error' ? 'alert' : 'status'} className={`mt-1 text-sm ${outcome.kind === 'error' ? 'text-red-800' : 'text-green-900'}`}>
          {outcome.text}
        </p>
      ) : null}
    </li>
  );
}

/**
 * A sick day's list on the day view (lib/desk/to-resolve.ts): the visits that cannot happen as booked, with who is
 * free for each, until the last one is reassigned, moved or cancelled. It comes with the day's polled data.
 */
export function ToResolve({ day, dataKey }: { day: DeskDay; dataKey: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const refresh = () => mutate(dataKey);
  const items = day.toResolve ?? [];
  if (items.length === 0) {
    return outcome?.kind === 'done' ? (
      <p role="status" className="mb-3 rounded border border-green-700 bg-green-50 p-3 text-sm text-green-900">
        {outcome.text} Nothing is left to resolve.
      </p>
    ) : null;
  }

  async function reassignAll() {
    setBusy(true);
    setOutcome(undefined);
    try {
      const response = await post(`/api/desk/day/${day.location.slug}/${day.date}/reassign/`, { method: 'POST', body: '{}' });
      if (response.ok) {
        const answer = (await response.json()) as { message: string; left: unknown[] };
        setOutcome({ kind: answer.left.length === 0 ? 'done' : 'error', text: answer.message });
      } else setOutcome({ kind: 'error', text: await refusal(response, 'That did not work. Please try again.') });
      await refresh();
    } catch {
      setOutcome({ kind: 'error', text: UNREACHABLE });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="to-resolve" aria-labelledby="to-resolve-heading" className="mb-3 rounded border border-amber-700 bg-amber-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="to-resolve-heading" className="text-lg font-semibold">
          To resolve ({items.length})
        </h2>
        {items.some((i) => i.free.length > 0) ? (
          <button type="button" disabled={busy} onClick={reassignAll} className="min-h-11 rounded bg-brand-800 px-3 font-semibold text-white disabled:opacity-60">
            Reassign all
          </button>
        ) : null}
      </div>
      <p className="text-sm text-stone-800">These visits cannot happen as booked: reassign them to a free therapist at the same time, or mail the customer to choose another time.</p>
      {outcome ? (
        <p role={outcome.kind === 'error' ? 'alert' : 'status'} className={`mt-1 text-sm ${outcome.kind === 'error' ? 'text-red-800' : 'text-green-900'}`}>
          {outcome.text}
        </p>
      ) : null}
      <ul className="mt-2 grid gap-2 md:grid-cols-2">
        {items.map((item) => (
          <Item key={item.id} item={item} day={day} refresh={refresh} />
        ))}
      </ul>
    </section>
  );
}
