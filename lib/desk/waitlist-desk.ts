import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { findVisitTimes, type VisitTimeView } from '@/lib/booking/visit-availability';
import type { AppointmentCardInput } from '@/lib/booking/card-schema';
import { formatLongDate } from '@/lib/booking/schedule';
import { toView, wantedText, type WaitlistEntryView } from '@/lib/booking/waitlist';
import { serviceById } from '@/lib/catalog/catalog';
import type { Db } from '@/lib/db';
import { users, waitlistEntries } from '@/lib/db/schema';
import type { DateInLocationTz } from '@/lib/booking/dates';

/**
 * The desk's waitlist actions (issue 34, item 8): an entry with its customer (to open and call), the free times for
 * its services on its day (the visit availability of lib/booking, channel 'desk'), the card that books one through
 * the back-office path, and taking an entry off the list (recorded in the activity log).
 */

export interface DeskWaitlistEntry extends WaitlistEntryView {
  customerId: string;
  customerName: string;
  /** Null for a customer the desk created with a phone only. */
  customerEmail: string | null;
  customerPhone: string | null;
  /** The services of each area, in the areas' order (empty when the entry names none: an area and minutes only). */
  serviceIds: string[];
}

const entryColumns = { entry: waitlistEntries, name: users.name, email: users.email, phone: users.phone };
type EntryRow = { entry: typeof waitlistEntries.$inferSelect; name: string; email: string | null; phone: string | null };

const toDesk = (row: EntryRow): DeskWaitlistEntry => ({
  ...toView(row.entry),
  customerId: row.entry.customerId,
  customerName: row.name,
  customerEmail: row.email,
  customerPhone: row.phone,
  serviceIds: row.entry.areas.flatMap((a) => a.services ?? []),
});

/** The entries of a location and day not left, in the order they asked, each with the customer. */
export async function deskWaitlistOfDay(db: Db, location: number, date: DateInLocationTz): Promise<DeskWaitlistEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.customerId))
    .where(and(eq(waitlistEntries.location, location), eq(waitlistEntries.date, date), isNull(waitlistEntries.leftAt)))
    .orderBy(asc(waitlistEntries.seq));
  return rows.map(toDesk);
}

/** One entry still on the list, with its customer; undefined when there is none or it was left. */
export async function deskWaitlistEntry(db: Db, entryId: string): Promise<DeskWaitlistEntry | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.customerId))
    .where(and(eq(waitlistEntries.id, entryId), isNull(waitlistEntries.leftAt)));
  return row ? toDesk(row) : undefined;
}

/** Whether each area of the entry names its services, so the desk can book it as it stands. */
export const canBookAsIs = (entry: Pick<DeskWaitlistEntry, 'areas'>) => entry.areas.every((a) => (a.services ?? []).some((id) => serviceById(id)));

/**
 * The free times of the entry's services on its day, as the desk books them (channel 'desk': any free time from now
 * on, the customer's own visits busy): the engine of the booking page, the areas chained in the entry's order.
 */
export async function freeTimesFor(db: Db, entry: DeskWaitlistEntry, now: number = Date.now()): Promise<VisitTimeView[]> {
  const answer = await findVisitTimes(
    db,
    { location: String(entry.location), areas: entry.areas.map((a) => ({ areaId: a.areaId, therapistId: a.therapistId, duration: a.minutes })), from: entry.date, date: entry.date, days: 1 },
    now,
    undefined,
    { channel: 'desk', customer: { id: entry.customerId }, serviceIds: entry.serviceIds },
  );
  return answer.times;
}

/**
 * The appointment card of the entry's services at one of its free times, as the booking page posts it: each area at
 * its leg's start with the therapist the customer asked for (0: the first free one, chosen by the booking).
 */
export function waitlistCard(entry: DeskWaitlistEntry, time: VisitTimeView): AppointmentCardInput {
  const items = entry.serviceIds.map((id) => serviceById(id)).filter((item) => item !== undefined);
  return {
    header: { location: String(entry.location), gender: String(items[0]?.gen ?? 0) },
    svcAreas: entry.areas.map((area) => {
      const leg = time.legs.find((l) => l.areaId === area.areaId)!;
      const types = new Map<number, typeof items>();
      for (const item of items.filter((i) => i.areaId === area.areaId)) types.set(item.svcType, [...(types.get(item.svcType) ?? []), item]);
      return {
        areaId: area.areaId,
        svcTherapist: area.therapistId,
        svcDate: leg.start,
        svcNote: '',
        svcTypes: [...types].map(([svcTypeId, list]) => ({
          svcTypeId,
          svcArray: list.map((item) => ({ id: item.id, serviceTypeId: item.svcType, gen: item.gen, areaId: area.areaId, duration: item.duration })),
        })),
      };
    }),
    pkgAvailable: [],
  };
}

/**
 * Takes an entry off the list (`booked`: the desk booked it), recorded as a change to the customer. False when it had
 * already left (another desk was first).
 */
export async function takeOffWaitlist(db: Db, entry: DeskWaitlistEntry, actor: ActivityActor, reason: 'removed' | 'booked', now: number = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const left = await tx
      .update(waitlistEntries)
      .set({ leftAt: new Date(now) })
      .where(and(eq(waitlistEntries.id, entry.id), isNull(waitlistEntries.leftAt)))
      .returning({ id: waitlistEntries.id });
    if (left.length === 0) return false;
    const what = `${entry.locationName}, ${formatLongDate(entry.date)}: ${wantedText(entry)}`;
    await recordActivity(tx, actor, {
      kind: 'customers',
      action: reason === 'booked' ? 'booked from the waitlist' : 'removed from the waitlist',
      subject: entry.customerName,
      summary: `${reason === 'booked' ? 'Booked and taken off the waitlist' : 'Taken off the waitlist'}: ${what}`,
      before: { waitlist: what },
      after: reason === 'booked' ? { waitlist: 'booked' } : null,
    });
    return true;
  });
}
