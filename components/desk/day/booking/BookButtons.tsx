'use client';

import { useDeskDay } from '@/stores/desk-day';

/** 'New booking' (no time chosen: the first free one) and 'Walk-in' (now), each opening the booking panel. */
export function BookButtons() {
  const select = useDeskDay((s) => s.select);
  return (
    <div className="mb-2 flex flex-wrap gap-2">
      <button type="button" onClick={() => select({ kind: 'book' })} className="min-h-11 rounded bg-brand-800 px-3 text-sm font-semibold text-white">
        New booking
      </button>
      <button type="button" onClick={() => select({ kind: 'book', walkIn: true })} className="min-h-11 rounded border border-brand-800 px-3 text-sm font-semibold text-brand-800">
        Walk-in
      </button>
    </div>
  );
}
