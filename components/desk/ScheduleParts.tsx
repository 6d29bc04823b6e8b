import type { ReactNode, SelectHTMLAttributes } from 'react';
import Link from '@/components/ui/AppLink';
import { formatClock, formatDay } from '@/components/booking/format';
import { formatPhone } from '@/lib/desk/phone';
import type { AffectedAppointment } from '@/lib/desk/schedule';
import type { FlashState } from '@/lib/forms/flash';

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

export function DeskButton({ children, variant = 'primary', label }: { children: ReactNode; variant?: 'primary' | 'secondary'; label?: string }) {
  const style =
    variant === 'primary'
      ? 'rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800'
      : 'rounded-full border border-brand-700 px-4 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50';
  return (
    <button type="submit" className={style} aria-label={label}>
      {children}
    </button>
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
