'use client';

import type { ServiceSummary } from './booking-types';

/**
 * The services a link names (the waitlist's freed-time mail) that this booking cart lacks, e.g. on another phone
 * than the one that joined the waitlist: named, with one button that adds them at the link's location.
 */
export function LinkedServices({ services, location, onAdd, disabled }: { services: readonly ServiceSummary[]; location: string; onAdd: () => void; disabled: boolean }) {
  if (services.length === 0) return null;
  const names = services.map((service) => service.name);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return (
    <section aria-labelledby="linked-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-4">
      <h2 id="linked-heading" className="text-lg font-semibold">
        The time from your e-mail
      </h2>
      <p className="mt-1">
        It is for {list} at {location}, which {names.length === 1 ? 'is' : 'are'} not in this booking cart yet.
      </p>
      <button
        type="button"
        onClick={onAdd}
        aria-disabled={disabled || undefined}
        className="mt-3 min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-60"
      >
        Add {names.length === 1 ? 'it' : 'them'} to my booking cart
      </button>
    </section>
  );
}
