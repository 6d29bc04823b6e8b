'use client';

import { useFormStatus } from 'react-dom';

/** The demo checkout's submit button: disabled while the payment is on its way, so a second press sends nothing. */
export function PayButton({ total }: { total: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className="w-full rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
    >
      {pending ? 'Paying…' : `Pay ${total}`}
    </button>
  );
}
