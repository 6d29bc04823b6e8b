'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import Link from '@/components/ui/AppLink';
import { formatClock } from '@/components/booking/format';
import { utcMsToLocal } from '@/lib/booking/dates';
import type { VisitAnswer } from '@/lib/booking/visit-availability';
import { bookHref, type DeskDay } from '@/lib/desk/day-shape';
import { bookedSentence, chooseTime, deskCard, draftOf, nextQuarterHour, visitQuery, type DeskService, type DeskServicesAnswer } from '@/lib/desk/desk-booking';
import { useStoreApis } from '@/stores/provider';
import { useDeskDay, type DeskSelection } from '@/stores/desk-day';
import { dayKey } from './day-data';
import { CustomerPicker, type CustomerChoice, type PickedCustomer } from './booking/CustomerPicker';
import { DeskRequestError, getJson, postJson } from './booking/fetch-json';
import { ServicePicker } from './booking/ServicePicker';

const localTime = (iso: string) => utcMsToLocal(Date.parse(iso)).slice(11);

/** A customer the booking may be made for: found, or new with a name and (except a walk-in) a phone or an e-mail. */
function readyCustomer(choice: CustomerChoice, walkIn: boolean): boolean {
  if (!choice) return false;
  if (choice.kind === 'found') return true;
  const { name, phone, email } = choice.draft;
  return name.trim() !== '' && (walkIn || phone.trim() !== '' || email.trim() !== '');
}

/**
 * A booking made beside the grid: the customer found or created inline, the services from a category list or a
 * search, chained back to back by the visit engine (GET /api/visits/, the desk's channel) with the therapist tapped or
 * the first free one who does them, each leg drawn on the grid before BOOK. BOOK goes through the back office
 * (/api/appointments/bof/{customerId}/); a walk-in through /api/desk/walk-ins/, which books now and checks it in.
 */
export function BookingPanel({ day, selection }: { day: DeskDay; selection: Extract<DeskSelection, { kind: 'book' }> }) {
  const id = useId();
  const close = useDeskDay((s) => s.close);
  const setDraft = useDeskDay((s) => s.setDraft);
  const stores = useStoreApis();
  const { mutate } = useSWRConfig();
  const walkIn = selection.walkIn === true;
  // A walk-in's time: the next quarter hour, the server's rule too (lib/desk/walk-in.ts); its day is 'today'.
  const [walkInAt] = useState(() => utcMsToLocal(nextQuarterHour(Date.now())));
  const today = walkInAt.slice(0, 10);
  const [choice, setChoice] = useState<CustomerChoice>(null);
  const [services, setServices] = useState<DeskService[]>([]);
  const [time, setTime] = useState<string | undefined>(walkIn ? walkInAt.slice(11) : selection.time);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Another gap tapped (or 'New booking') with the panel open moves the booking there: the customer and the services
  // stay, the time follows the tap. It kept the first tap's time and booked it under the second's header.
  const [tappedSelection, setTappedSelection] = useState(selection);
  if (tappedSelection !== selection) {
    setTappedSelection(selection);
    setTime(walkIn ? walkInAt.slice(11) : selection.time);
    setProblem(undefined);
  }
  const idempotency = useRef<{ body: string; key: string }>(undefined);

  const catalogue = useSWR<DeskServicesAnswer>(`/api/desk/services/${day.location.slug}/`, getJson, { revalidateOnFocus: false });
  const visitKey = services.length > 0 && (!walkIn || day.date === today) ? `/api/visits/${day.location.slug}/?${visitQuery(day.date, services)}` : null;
  const visits = useSWR<VisitAnswer>(visitKey, getJson, { revalidateOnFocus: false });
  const chosen = useMemo(() => (visits.data && visitKey ? chooseTime(visits.data.times, { time, therapistId: selection.therapistId }) : undefined), [visits.data, visitKey, time, selection.therapistId]);

  const draft = useMemo(() => (chosen ? draftOf(chosen, services) : []), [chosen, services]);
  const draftKey = JSON.stringify(draft);
  useEffect(() => {
    setDraft(draft);
    // Only when the blocks themselves change: a new array of the same blocks would redraw for nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey, setDraft]);

  const therapistName = (therapistId: number) => day.columns.find((c) => c.therapistId === therapistId)?.name ?? `therapist ${therapistId}`;
  const tapped = selection.therapistId !== undefined ? day.columns.find((c) => c.therapistId === selection.therapistId) : undefined;
  const ready = readyCustomer(choice, walkIn) && chosen !== undefined && !busy;

  async function customerForBooking(): Promise<PickedCustomer> {
    if (choice?.kind === 'found') return choice.customer;
    const draftCustomer = choice!.kind === 'new' ? choice!.draft : { name: '', phone: '', email: '' };
    try {
      const created = await postJson<PickedCustomer>('/api/desk/customers/', { name: draftCustomer.name, phone: draftCustomer.phone, email: draftCustomer.email });
      // Saved now: a second BOOK (after a taken time) books for this customer instead of creating another.
      setChoice({ kind: 'found', customer: created });
      return created;
    } catch (error) {
      const existing = error instanceof DeskRequestError && error.status === 409 ? (error.body as { customer?: PickedCustomer }).customer : undefined;
      if (existing) {
        setChoice({ kind: 'found', customer: existing });
        throw new Error(`${existing.name} already has an account with this e-mail address: check the details, then press Book again.`);
      }
      throw error;
    }
  }

  async function book() {
    if (!chosen) return;
    setBusy(true);
    setProblem(undefined);
    try {
      let sentence: string;
      if (walkIn) {
        const customer = choice?.kind === 'found' ? { id: choice.customer.id } : { name: choice?.kind === 'new' ? choice.draft.name : '', phone: choice?.kind === 'new' ? choice.draft.phone : '' };
        const answer = await postJson<{ sentence: string }>('/api/desk/walk-ins/', { location: day.location.slug, customer, services: services.map((s) => s.id) });
        sentence = answer.sentence;
      } else {
        const customer = await customerForBooking();
        const body = JSON.stringify(deskCard(day.location.id, chosen, services));
        if (idempotency.current?.body !== body) idempotency.current = { body, key: crypto.randomUUID() };
        await postJson(`/api/appointments/bof/${customer.id}/`, JSON.parse(body), { 'idempotency-key': idempotency.current.key });
        sentence = bookedSentence(customer.name, chosen, therapistName);
      }
      await mutate(dayKey(day.location.slug, day.date));
      stores.ui.getState().notify({ variant: 'success', message: sentence, duration: 8_000 });
      close();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'That did not work. Please try again.');
      // A time taken meanwhile: ask the engine again, so the panel offers the next free one.
      if (error instanceof DeskRequestError && (error.status === 416 || error.status === 422)) await visits.mutate();
      setBusy(false);
    }
  }

  return (
    <div>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {walkIn ? 'Walk-in' : 'New booking'}
        </h2>
        <button type="button" onClick={close} className="min-h-11 rounded border border-stone-300 px-3 text-sm font-semibold">
          Close
        </button>
      </div>
      <p className="mt-1 text-sm text-stone-800">
        {walkIn
          ? 'Now, with the first free therapist who does the services. The visit is checked in.'
          : selection.time
            ? `From ${formatClock(selection.time)}${tapped ? ` with ${tapped.name}` : ''}.`
            : 'At the first free time of the day.'}
      </p>
      {walkIn && day.date !== today ? (
        <p role="status" className="mt-2 rounded border border-amber-700 bg-amber-50 p-2 text-sm">
          A walk-in is booked for today.{' '}
          <Link href={`/desk/day/${day.location.slug}/${today}/`} prefetch={false} className="font-semibold text-brand-800 underline">
            Open today
          </Link>
        </p>
      ) : null}

      <section aria-labelledby={`${id}-customer`} className="mt-3">
        <h3 id={`${id}-customer`} className="sr-only">
          Customer
        </h3>
        <CustomerPicker choice={choice} onChoose={setChoice} walkIn={walkIn} />
      </section>

      <section aria-labelledby={`${id}-services`} className="mt-4">
        <h3 id={`${id}-services`} className="text-sm font-semibold uppercase tracking-wide text-stone-700">
          Services
        </h3>
        {catalogue.error ? (
          <p role="alert" className="text-sm text-red-800">
            {catalogue.error instanceof Error ? catalogue.error.message : 'The services could not be loaded.'}
          </p>
        ) : catalogue.data ? (
          <ServicePicker areas={catalogue.data.areas} chosen={services} onChange={setServices} />
        ) : (
          <p className="text-sm text-stone-700">Loading the services…</p>
        )}
      </section>

      {services.length > 0 ? (
        <section aria-labelledby={`${id}-time`} className="mt-4">
          <h3 id={`${id}-time`} className="text-sm font-semibold uppercase tracking-wide text-stone-700">
            Time
          </h3>
          {visits.error ? (
            <p role="alert" className="text-sm text-red-800">
              {visits.error instanceof Error ? visits.error.message : 'The free times could not be loaded.'}
            </p>
          ) : !visits.data ? (
            <p className="text-sm text-stone-700">Finding a free time…</p>
          ) : !chosen ? (
            <p role="status" className="text-sm font-semibold text-stone-900">
              No free time for {services.length === 1 ? 'this service' : 'these services'} on this day{time ? ` from ${formatClock(time)}` : ''}.
            </p>
          ) : (
            <div data-testid="booking-chain">
              {chosen.moved && time ? (
                <p role="status" className="mb-1 text-sm text-stone-900">
                  {formatClock(time)} does not fit {services.length === 1 ? 'this service' : 'these services'}: the first free time after it is {formatClock(chosen.time)}.
                </p>
              ) : null}
              <ol className="flex flex-col gap-1 text-sm">
                {chosen.legs.map((leg) => (
                  <li key={leg.areaId}>
                    <span className="font-semibold">
                      {formatClock(leg.time)}–{formatClock(localTime(leg.end))}
                    </span>{' '}
                    {services
                      .filter((s) => s.areaId === leg.areaId)
                      .map((s) => s.name)
                      .join(', ')}{' '}
                    with {therapistName(leg.therapistId)}
                  </li>
                ))}
              </ol>
              {walkIn ? null : (
                <label className="mt-2 block text-sm">
                  <span className="font-semibold">Another start time</span>
                  <select
                    value={chosen.time}
                    onChange={(event) => setTime(event.target.value)}
                    className="mt-1 block w-full rounded border border-stone-400 px-2 py-2 text-base"
                  >
                    {visits.data.times.map((t) => (
                      <option key={t.start} value={t.time}>
                        {formatClock(t.time)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          )}
        </section>
      ) : null}

      {/* Held at the foot of the panel while its lists scroll: Book is always a tap away. */}
      <div className="sticky -bottom-4 -mx-4 mt-3 border-t border-stone-200 bg-white px-4 pb-4 pt-2">
        {problem ? (
          <p role="alert" className="mb-2 rounded border border-red-700 bg-red-50 p-2 text-sm text-red-900">
            {problem}
          </p>
        ) : null}
        <button
          type="button"
          onClick={book}
          disabled={!ready}
          className="min-h-11 w-full rounded bg-brand-800 px-4 text-base font-bold text-white disabled:cursor-not-allowed disabled:bg-stone-400"
        >
          {busy ? 'Booking…' : walkIn ? 'Book and check in' : 'Book'}
        </button>
      </div>
      {!walkIn && selection.time && tapped ? (
        <p className="mt-2 text-xs text-stone-700">
          Or{' '}
          <Link href={bookHref(day.location.slug, day.date, selection.time, tapped.therapistId)} prefetch={false} className="text-brand-800 underline">
            book on the booking page
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
