import { mutate } from 'swr';
import type { Attendance, DayBlock, DeskDay } from '@/lib/desk/day-shape';
import { useDeskDay } from '@/stores/desk-day';

/** How often the page asks for the day again, so that another desk's or a customer's booking shows up by itself. */
export const DAY_REFRESH_MS = 5_000;

export function dayKey(location: string, date: string): string {
  return `/api/desk/day/${location}/${date}/`;
}

export async function fetchDay(url: string): Promise<DeskDay> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(response.status === 401 ? 'Your session has ended: please sign in again.' : 'The day could not be refreshed.');
  return (await response.json()) as DeskDay;
}

/** A visit's attendance as the grid draws it: the mark sent and not yet answered, else the server's. */
export function useAttendance(block: Pick<DayBlock, 'id' | 'attendance'>): Attendance | null {
  return useDeskDay((s) => (Object.hasOwn(s.pending, block.id) ? s.pending[block.id]! : block.attendance));
}

/** Every booked visit's attendance with the pending marks applied: what the counts count. */
export function useAttendances(day: DeskDay): (Attendance | null)[] {
  const pending = useDeskDay((s) => s.pending);
  return day.blocks.map((b) => (Object.hasOwn(pending, b.id) ? pending[b.id]! : b.attendance));
}

/**
 * Sets a visit's attendance from the grid: drawn at once (a pending mark), then sent; the answer goes into the day's
 * data, and a refusal takes the mark back and returns the server's sentence. SWR drops a poll that started before
 * this write, so an older answer cannot draw the old mark again.
 */
export async function markAttendance(
  day: DeskDay,
  appointmentId: string,
  to: Attendance | null,
  send: (id: string, body: unknown) => Promise<string | undefined>,
): Promise<string | undefined> {
  const { markPending, settle } = useDeskDay.getState();
  markPending(appointmentId, to);
  let refusal: string | undefined;
  try {
    refusal = await send(appointmentId, { action: 'attendance', attendance: to });
  } catch {
    refusal = 'The salon could not be reached, so nothing was marked. Please try again.';
  }
  if (!refusal) {
    await mutate<DeskDay>(
      dayKey(day.location.slug, day.date),
      // Until its first poll the page draws the server's first answer, which is not in SWR's cache.
      (current = day) => ({ ...current, blocks: current.blocks.map((b) => (b.id === appointmentId ? { ...b, attendance: to } : b)) }),
      { revalidate: false },
    );
  }
  settle(appointmentId);
  return refusal;
}

/** After a move or a cancellation: the day is read again at once. */
export function refreshDay(day: Pick<DeskDay, 'location' | 'date'>): Promise<unknown> {
  return mutate(dayKey(day.location.slug, day.date));
}
