'use client';

import Link from '@/components/ui/AppLink';
import { formatClock } from '@/components/booking/format';
import { ATTENDANCE_LABEL, type DeskDay } from '@/lib/desk/day-shape';
import { useDeskDay } from '@/stores/desk-day';

/** The visit tapped on the grid: who, when, what, the note, and the way to its whole page. */
export function VisitPanel({ day, appointmentId }: { day: DeskDay; appointmentId: string }) {
  const close = useDeskDay((s) => s.close);
  const block = day.blocks.find((b) => b.id === appointmentId);
  if (!block) {
    return (
      <div>
        <p className="text-sm text-stone-800">This visit is no longer on the day (moved or cancelled).</p>
        <button type="button" onClick={close} className="mt-3 rounded border border-stone-300 px-3 py-2 text-sm font-semibold">
          Close
        </button>
      </div>
    );
  }
  return (
    <div>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">{block.customerName}</h2>
        <button type="button" onClick={close} className="rounded border border-stone-300 px-3 py-1.5 text-sm font-semibold">
          Close
        </button>
      </div>
      <p className="mt-1 text-sm">
        {formatClock(block.start)} to {formatClock(block.end)}
        {block.attendance ? ` · ${ATTENDANCE_LABEL[block.attendance]}` : null}
      </p>
      <p className="mt-1 text-sm">{block.services.join(', ')}</p>
      {block.note ? <p className="mt-2 rounded bg-amber-50 p-2 text-sm">Note: {block.note}</p> : null}
      <Link href={`/desk/appointments/${block.id}/`} prefetch={false} className="mt-3 inline-block font-semibold text-brand-800 underline">
        Open the visit
      </Link>
    </div>
  );
}
