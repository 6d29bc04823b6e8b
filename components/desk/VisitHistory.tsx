import { formatClock, formatDay, formatInstantInNewYork } from '@/components/booking/format';
import { utcMsToLocal } from '@/lib/booking/dates';
import { ATTENDANCE_LABEL, type Attendance } from '@/lib/desk/day-shape';
import type { VisitEvent } from '@/lib/desk/visit';

function when(iso: unknown): string {
  if (typeof iso !== 'string') return '?';
  const local = utcMsToLocal(Date.parse(iso));
  return `${formatDay(local.slice(0, 10))} at ${formatClock(local.slice(11))}`;
}

function mark(value: unknown): string {
  return typeof value === 'string' && value in ATTENDANCE_LABEL ? ATTENDANCE_LABEL[value as Attendance].toLowerCase() : 'not marked';
}

/** What an event did, in a sentence. */
export function describeEvent(event: Pick<VisitEvent, 'action' | 'details'>, therapistName: (id: number) => string): string {
  const d = event.details as { start?: string; therapistId?: number; from?: unknown; to?: unknown };
  switch (event.action) {
    case 'booked':
      return `booked it for ${when(d.start)} with ${therapistName(Number(d.therapistId))}`;
    case 'cancelled':
      return 'cancelled it';
    case 'moved': {
      const from = d.from as { start?: string; therapistId?: number } | undefined;
      const to = d.to as { start?: string; therapistId?: number } | undefined;
      return `moved it from ${when(from?.start)} with ${therapistName(Number(from?.therapistId))} to ${when(to?.start)} with ${therapistName(Number(to?.therapistId))}`;
    }
    case 'attendance':
      return `changed it from ${mark(d.from)} to ${mark(d.to)}`;
    case 'notified':
      return 'mailed the customer to choose another time';
  }
}

/** Every change to the visit with who made it and when, oldest first. */
export function VisitHistory({ events, therapistName }: { events: VisitEvent[]; therapistName: (id: number) => string }) {
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">No changes recorded.</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm" data-testid="visit-history">
          {events.map((event, i) => (
            <li key={i} className="border-l-2 border-stone-300 pl-3">
              <span className="font-semibold">{formatInstantInNewYork(event.at)}</span>:{' '}
              {event.actorName ? `${event.actorName}${event.actorRole === 'customer' ? ' (customer)' : ' (staff)'}` : 'A deleted account'} {describeEvent(event, therapistName)}.
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
