'use client';

import Link from '@/components/ui/AppLink';
import { formatClock } from '@/components/booking/format';
import { ATTENDANCE_LABEL, type Attendance, type DayBlock } from '@/lib/desk/day-shape';
import { CONFLICT_LABEL } from '@/lib/desk/to-resolve-rules';
import { useDeskDay } from '@/stores/desk-day';
import { useAttendance } from './day-data';

/** A plain click opens the panel beside the grid; a modified click (new tab) and a page before its scripts follow the link. */
export function plainClick(event: React.MouseEvent): boolean {
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
}

/** A badge short enough to sit beside the time and name on a quarter-hour block (36 px high, 136 px wide). */
const BADGE: Record<Attendance, { text: string; className: string }> = {
  checked_in: { text: 'Here', className: 'bg-emerald-700 text-white' },
  started: { text: 'In service', className: 'bg-sky-800 text-white' },
  completed: { text: 'Done', className: 'bg-stone-600 text-white' },
  no_show: { text: 'No-show', className: 'bg-red-700 text-white' },
};

const TONE: Record<Attendance | 'none', string> = {
  none: 'border-brand-700 bg-white',
  checked_in: 'border-emerald-700 bg-emerald-50',
  started: 'border-sky-800 bg-sky-50',
  completed: 'border-stone-500 bg-stone-100',
  no_show: 'border-red-700 bg-red-50',
};

/** One visit on the grid: time, customer, services, note, and its attendance as a badge (a pending one drawn at once). */
export function VisitBlock({ block, top, px }: { block: DayBlock; top: number; px: number }) {
  const select = useDeskDay((s) => s.select);
  const selected = useDeskDay((s) => s.selection?.kind === 'visit' && s.selection.appointmentId === block.id);
  const attendance = useAttendance(block);
  const height = Math.max((block.endMinute - block.startMinute) * px - 2, 28);
  // A visit already marked (arrived, done, no-show) has happened as it happened: its mark, not the conflict, is drawn.
  const conflict = attendance ? null : block.conflict;
  const tone = conflict ? 'border-red-700 bg-[repeating-linear-gradient(135deg,#fef2f2_0_6px,#fee2e2_6px_12px)]' : TONE[attendance ?? 'none'];
  // A quarter-hour block shows about two lines; the whole of it (a note above all: an allergy) is its tooltip.
  const whole = [
    `${formatClock(block.start)} to ${formatClock(block.end)}, ${block.customerName}`,
    conflict ? CONFLICT_LABEL[conflict] : '',
    block.services.join(', '),
    block.note ? `Note: ${block.note}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const badge = attendance ? BADGE[attendance] : undefined;
  return (
    <Link
      href={`/desk/appointments/${block.id}/`}
      prefetch={false}
      title={whole}
      data-appointment={block.id}
      data-attendance={attendance ?? 'none'}
      aria-current={selected ? 'true' : undefined}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        select({ kind: 'visit', appointmentId: block.id });
      }}
      className={`absolute inset-x-1 z-10 overflow-hidden rounded border-l-4 px-1.5 py-0.5 text-xs leading-tight text-stone-900 shadow-sm focus:z-20 ${tone} ${selected ? 'ring-2 ring-brand-700' : ''}`}
      style={{ top: top + 1, height }}
    >
      <span className="block truncate font-semibold">
        {formatClock(block.start)}
        <span className="sr-only"> to {formatClock(block.end)}</span> {block.customerName}
      </span>
      {conflict ? (
        <span className="block truncate font-semibold text-red-800" data-conflict={conflict}>
          {CONFLICT_LABEL[conflict]}
        </span>
      ) : null}
      {/* Badges lead the second line, so the first keeps the customer's name even on a quarter hour. */}
      <span className="block truncate">
        {block.note && height < 46 ? (
          <span data-note-mark aria-hidden="true" className="mr-1 rounded bg-amber-200 px-0.5 font-semibold text-amber-950">
            Note
          </span>
        ) : null}
        {badge ? (
          <span data-badge className={`mr-1 rounded px-1 text-[11px] font-bold ${badge.className}`}>
            <span aria-hidden="true">{badge.text}</span>
            <span className="sr-only">{ATTENDANCE_LABEL[attendance!]}, </span>
          </span>
        ) : null}
        {block.walkIn ? (
          <span data-walk-in className="mr-1 rounded border border-stone-500 px-1 text-[11px] font-semibold">
            Walk-in
          </span>
        ) : null}
        {block.services.join(', ')}
        {block.packageServices.length > 0 ? ` · Package: ${block.packageServices.join(', ')}` : null}
      </span>
      {block.note ? <span className="block truncate italic">Note: {block.note}</span> : null}
    </Link>
  );
}
