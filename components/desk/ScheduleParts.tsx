import type { ReactNode, SelectHTMLAttributes } from 'react';
import Link from '@/components/ui/AppLink';
import { formatClock, formatDay } from '@/components/booking/format';
import { formatPhone } from '@/lib/desk/phone';
import type { AffectedAppointment } from '@/lib/desk/schedule';
import type { FlashState } from '@/lib/forms/flash';
import { SubmitButton } from './SubmitButton';

/** Small server-rendered pieces of the desk's schedule pages: no scripts needed, forms post by themselves. */

export function Flash({ state }: { state?: FlashState }) {
  if (!state?.message) return null;
  return state.outcome === 'error' ? (
    <p role="alert" className="mt-4 rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
      {state.message}
    </p>
  ) : (
    <p role="status" className="mt-4 rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
      {state.message}
    </p>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  error?: string;
  options: readonly { value: string | number; label: string }[];
}

/** A labelled select whose error is tied to it. */
export function SelectField({ name, label, error, options, id, ...select }: SelectProps) {
  const fieldId = id ?? `field-${name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={fieldId} className="font-semibold">
        {label}
      </label>
      <select
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className="min-w-0 rounded border border-gray-500 bg-white px-3 py-2"
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${fieldId}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function DeskButton({ children, variant = 'primary', label, pendingText }: { children: ReactNode; variant?: 'primary' | 'secondary'; label?: string; pendingText?: string }) {
  const style =
    variant === 'primary'
      ? 'rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800'
      : 'rounded-full border border-brand-700 px-4 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50';
  return (
    <SubmitButton className={style} label={label} pendingText={pendingText}>
      {children}
    </SubmitButton>
  );
}

/** The booked appointments a block or closure falls on, for the desk to move: whom to call, by address or phone. */
export function AffectedAppointments({ heading, items }: { heading: string; items: readonly AffectedAppointment[] }) {
  return (
    <section aria-labelledby="affected-heading" className="mt-6 rounded-lg border border-amber-600 bg-amber-50 p-4">
      <h2 id="affected-heading" className="font-semibold">
        {heading}
      </h2>
      {items.length === 0 ? (
        <p className="mt-1">No booked appointments fall inside it.</p>
      ) : (
        <>
          <p className="mt-1">These booked appointments need to be moved or cancelled:</p>
          <ul className="mt-2 flex flex-col gap-2">
            {items.map((a) => (
              <li key={a.id} className="break-words">
                <Link href={`/desk/appointments/${a.id}/`} prefetch={false} className="font-semibold text-brand-800 underline">
                  {formatDay(a.localStart.slice(0, 10))} at {formatClock(a.localStart.slice(11))} to {formatClock(a.localEnd.slice(11))}
                </Link>
                : {a.customerName}
                {a.customerEmail ? ` (${a.customerEmail})` : ''}
                {a.customerPhone ? (
                  <>
                    ,{' '}
                    <a href={`tel:${a.customerPhone}`} className="whitespace-nowrap text-brand-700 underline">
                      {formatPhone(a.customerPhone)}
                    </a>
                  </>
                ) : null}
                , {a.area} with {a.therapistName} at {a.location}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface WeekGridRow {
  therapist: { id: number; name: string };
  cells: { weekday: number; lines: { hours: string; areas: string[] }[] }[];
}

/**
 * A location's week: therapists down, weekdays across, each cell the shift; a tap on a cell opens it in the editor
 * (a plain link, so it works before scripts). On a narrow screen the table scrolls inside its own frame.
 */
export function RosterWeekGrid({ location, rows, selected }: { location: { id: number; name: string }; rows: readonly WeekGridRow[]; selected?: { therapistId: number; weekday: number } }) {
  const days = rows[0]?.cells.map((c) => c.weekday) ?? [];
  return (
    <div role="region" aria-labelledby="week-heading" tabIndex={0} className="relative mt-2 max-w-full overflow-x-auto rounded-lg border border-stone-200">
      <table className="w-full min-w-[44rem] border-collapse text-sm">
        <caption className="sr-only">Weekly shifts at {location.name}: tap a cell to change it</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 bg-stone-100 px-2 py-2 text-left">
              Therapist
            </th>
            {days.map((d) => (
              <th key={d} scope="col" className="bg-stone-100 px-2 py-2 text-left">
                <abbr title={WEEKDAY_NAMES[d]} className="no-underline">
                  {WEEKDAY_NAMES[d]!.slice(0, 3)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ therapist, cells }) => (
            <tr key={therapist.id} className="border-t border-stone-200">
              <th scope="row" className="sticky left-0 bg-white px-2 py-2 text-left font-semibold">
                {therapist.name}
              </th>
              {cells.map((cell) => {
                const current = selected?.therapistId === therapist.id && selected.weekday === cell.weekday;
                return (
                  <td key={cell.weekday} className="p-1 align-top">
                    <Link
                      href={`/desk/rosters/?location=${location.id}&therapist=${therapist.id}&weekday=${cell.weekday}#editor`}
                      prefetch={false}
                      aria-current={current ? 'true' : undefined}
                      data-cell={`${therapist.id}-${cell.weekday}`}
                      className={`block min-h-11 rounded px-1.5 py-1 hover:bg-brand-50 ${current ? 'bg-brand-50 ring-2 ring-brand-700' : ''} ${cell.lines.length === 0 ? 'text-stone-600' : 'text-stone-900'}`}
                    >
                      <span className="sr-only">
                        {therapist.name}, {WEEKDAY_NAMES[cell.weekday]}:{' '}
                      </span>
                      {cell.lines.length === 0 ? (
                        'Off'
                      ) : (
                        cell.lines.map((line) => (
                          <span key={line.hours} className="block">
                            <span className="block font-semibold">{line.hours}</span>
                            <span className="block text-xs text-stone-700">{line.areas.join(', ')}</span>
                          </span>
                        ))
                      )}
                    </Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface LeftOutItem {
  id: string;
  customerName: string;
  day: string;
  time: string;
  area: string;
  services: readonly string[];
}

/** The confirm step of a roster change that leaves booked visits without a shift: the visits, then yes or keep. */
export function ConfirmRosterChange({ question, visits, children, keepHref }: { question: string; visits: readonly LeftOutItem[]; children: ReactNode; keepHref: string }) {
  return (
    <section id="confirm" aria-labelledby="confirm-heading" className="mt-6 rounded-lg border-2 border-amber-600 bg-amber-50 p-4">
      <h2 id="confirm-heading" className="text-lg font-semibold">
        {question}
      </h2>
      {visits.length === 0 ? (
        <p className="mt-1">No booked visit falls outside it any more.</p>
      ) : (
        <>
          <p className="mt-1">
            {visits.length === 1 ? 'This booked visit' : `These ${visits.length} booked visits`} would be outside the roster. They stay booked: move them from the day view
            or call the customer.
          </p>
          <ul className="mt-2 flex flex-col gap-2">
            {visits.map((v) => (
              <li key={v.id} className="break-words">
                <Link href={`/desk/appointments/${v.id}/`} prefetch={false} className="font-semibold text-brand-800 underline">
                  {v.customerName}
                </Link>
                , {v.day}, {v.time}: {v.services.length > 0 ? v.services.join(', ') : v.area}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {children}
        <Link href={keepHref} prefetch={false} className="font-semibold text-brand-800 underline">
          Keep the roster as it is
        </Link>
      </div>
    </section>
  );
}
