import 'server-only';
import { and, asc, eq, isNull, max, ne } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { ApiError, notFound } from '@/lib/api/errors';
import { nextStamp, refuseStaleCopy } from '@/lib/api/stale-copy';
import { localDateOf } from '@/lib/booking/dates';
import { keepRosterPast } from '@/lib/booking/shifts';
import { allServiceItems, serviceById } from '@/lib/catalog/catalog';
import { CATALOG_TAGS, publishCatalogChange } from '@/lib/catalog/publish';
import { AREAS, LOCATIONS, type AreaId, type LocationId } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { lockForTransaction } from '@/lib/db/advisory-lock';
import { rosters, therapistServices, therapists } from '@/lib/db/schema';
import { visitsToComeOf, WEEKDAYS, type AffectedAppointment } from '@/lib/desk/schedule';
import { expandChoice } from './service-tree';
import type { NewTherapistInput, TherapistChangeInput } from './therapist-schemas';

/**
 * The owner's team (issue 33, item 4; docs/decisions.md, 'The team'): therapists, where each works and which services
 * they do there (therapist_services, one row per service). Each change is one transaction with its activity entry
 * (kind 'team') and a published catalogue change (CATALOG_TAGS.team); the caller reloads the snapshot after it
 * (catalogChanged), so the desk's rosters, day view, slots and booking follow at once. A retired therapist keeps their
 * row and name for past visits, and leaves rosters and slots from the day of the retirement; the shifts taken off the
 * rosters stay on the dates before (roster_history), so past days and closed months' reports keep them.
 */

export const SMALLINT_MAX = 32767;

export interface TherapistWork {
  location: string;
  locationName: string;
  serviceIds: string[];
}

export interface TherapistView {
  id: number;
  name: string;
  bio: string;
  photoId: string | null;
  retired: boolean;
  retiredAt: string | null;
  /** When their row or work last changed: the edit form sends it back, so that a save from an older copy is refused. */
  updatedAt: string;
  /** Each location they work at (one service there or more), in the locations' order. */
  work: TherapistWork[];
}

const locationOfSlug = (slug: string) => LOCATIONS.find((l) => l.slug === slug)!;

type Row = typeof therapists.$inferSelect;

function view(row: Row, doing: readonly { location: number; serviceId: string }[]): TherapistView {
  const work = LOCATIONS.flatMap((location): TherapistWork[] => {
    const ids = doing.filter((d) => d.location === location.id).map((d) => d.serviceId);
    return ids.length === 0 ? [] : [{ location: location.slug, locationName: location.name, serviceIds: ids }];
  });
  return { id: row.id, name: row.name, bio: row.bio, photoId: row.photoId, retired: row.retiredAt !== null, retiredAt: row.retiredAt?.toISOString() ?? null, updatedAt: row.updatedAt.toISOString(), work };
}

/** Every therapist, retired ones last, with where they work and what they do there. */
export async function listTherapists(db: Db | Tx): Promise<TherapistView[]> {
  const [rows, doing] = await Promise.all([db.select().from(therapists).orderBy(asc(therapists.id)), db.select().from(therapistServices)]);
  return rows
    .map((row) => view(row, doing.filter((d) => d.therapistId === row.id)))
    .sort((a, b) => Number(a.retired) - Number(b.retired) || a.name.localeCompare(b.name, 'en'));
}

export async function readTherapist(db: Db | Tx, id: number): Promise<TherapistView | undefined> {
  const [row] = await db.select().from(therapists).where(eq(therapists.id, id));
  if (!row) return undefined;
  return view(row, await db.select().from(therapistServices).where(eq(therapistServices.therapistId, id)));
}

const invalid = (field: string, message: string) => new ApiError(422, 'invalid', 'Please check the highlighted fields.', { [field]: message });

/**
 * The therapist_services rows a `work` list asks for: shortcuts expanded over the live menu, every service id known
 * and not retired (a 422 naming the field otherwise), at least one service in all.
 */
export function workRows(work: NewTherapistInput['work']): { location: LocationId; serviceId: string }[] {
  const live = allServiceItems();
  const rows: { location: LocationId; serviceId: string }[] = [];
  for (const [i, choice] of work.entries()) {
    for (const [j, id] of choice.serviceIds.entries()) {
      const item = serviceById(id);
      if (!item || !live.includes(item)) throw invalid(`work.${i}.serviceIds.${j}`, item ? `${item.name} is retired from the menu.` : `There is no service ${id}.`);
    }
    const location = locationOfSlug(choice.location).id;
    for (const serviceId of expandChoice(live, choice)) rows.push({ location, serviceId });
  }
  if (rows.length === 0) throw invalid('work', 'Choose at least one service they do, at one location or more.');
  return rows;
}

async function refuseDuplicateName(tx: Tx, name: string, except?: number): Promise<void> {
  const same = await tx
    .select({ id: therapists.id, name: therapists.name })
    .from(therapists)
    .where(and(isNull(therapists.retiredAt), except === undefined ? undefined : ne(therapists.id, except)));
  if (same.some((t) => t.name.toLocaleLowerCase('en') === name.toLocaleLowerCase('en'))) {
    throw new ApiError(409, 'name_taken', `There is a therapist named ${name} already. Add a surname or an initial, so the desk can tell them apart.`, {
      name: 'Another therapist has this name.',
    });
  }
}

/** 'SoHo: 12 services; Williamsburg: 3 services'. */
function describeWork(rows: readonly { location: number; serviceId: string }[]): string {
  const parts = LOCATIONS.flatMap((location) => {
    const count = rows.filter((r) => r.location === location.id).length;
    return count === 0 ? [] : [`${location.name}: ${count} service${count === 1 ? '' : 's'}`];
  });
  return parts.join('; ');
}

const workRecord = (rows: readonly { location: number; serviceId: string }[]) =>
  Object.fromEntries(LOCATIONS.flatMap((l) => (rows.some((r) => r.location === l.id) ? [[l.slug, rows.filter((r) => r.location === l.id).map((r) => r.serviceId).sort()]] : [])));

async function finish(tx: Tx): Promise<void> {
  await publishCatalogChange(tx, [CATALOG_TAGS.team]);
}

/** Adds a therapist with the next free id (one more than the largest ever used, retired ones included). */
export async function createTherapist(db: Db, actor: ActivityActor, input: NewTherapistInput): Promise<TherapistView> {
  const rows = workRows(input.work);
  const id = await db.transaction(async (tx) => {
    await lockForTransaction(tx, 'team', 'therapists');
    await refuseDuplicateName(tx, input.name);
    const [largest] = await tx.select({ id: max(therapists.id) }).from(therapists);
    const next = (largest?.id ?? 0) + 1;
    if (next > SMALLINT_MAX) throw new ApiError(409, 'no_free_id', 'No therapist id is left.');
    await tx.insert(therapists).values({ id: next, name: input.name, bio: input.bio, photoId: input.photoId ?? null, active: true });
    await tx.insert(therapistServices).values(rows.map((row) => ({ therapistId: next, ...row })));
    await recordActivity(tx, actor, {
      kind: 'team',
      action: 'created',
      subject: input.name,
      summary: `Added: ${describeWork(rows)}`,
      after: { id: next, name: input.name, bio: input.bio, photoId: input.photoId ?? null, work: workRecord(rows) },
    });
    await finish(tx);
    return next;
  });
  return (await readTherapist(db, id))!;
}

export interface TherapistChange {
  therapist: TherapistView;
  /** Shifts taken off the rosters because the therapist no longer does anything of that area there. */
  removedShifts: string[];
}

/**
 * Changes a therapist's name, bio, photo or work (the whole list replaces the old one). A retired one is not changed.
 * A shift the new work leaves unworkable is taken off the rosters from today (New York) on.
 */
export async function changeTherapist(db: Db, actor: ActivityActor, id: number, change: TherapistChangeInput, now: number = Date.now()): Promise<TherapistChange> {
  const rows = change.work ? workRows(change.work) : undefined;
  const removedShifts = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(therapists).where(eq(therapists.id, id)).for('update');
    if (!row) throw notFound('There is no such therapist.');
    if (row.retiredAt) throw new ApiError(409, 'retired', `${row.name} is retired: a retired therapist is kept only for past visits.`);
    refuseStaleCopy(row.updatedAt, change.updatedAt, row.name);
    if (change.name !== undefined) await refuseDuplicateName(tx, change.name, id);
    const beforeRows = await tx.select().from(therapistServices).where(eq(therapistServices.therapistId, id));
    const notes: string[] = [];
    if (change.name !== undefined && change.name !== row.name) notes.push(`Name ${row.name} → ${change.name}`);
    if (change.bio !== undefined && change.bio !== row.bio) notes.push('Bio changed');
    if (change.photoId !== undefined && change.photoId !== row.photoId) notes.push(change.photoId ? 'Photo changed' : 'Photo removed');
    const removed: string[] = [];
    if (rows) {
      const key = (r: { location: number; serviceId: string }) => `${r.location}/${r.serviceId}`;
      const before = new Set(beforeRows.map(key));
      const after = new Set(rows.map(key));
      for (const location of LOCATIONS) {
        const added = rows.filter((r) => r.location === location.id && !before.has(key(r))).length;
        const dropped = beforeRows.filter((r) => r.location === location.id && !after.has(key(r))).length;
        if (added || dropped) notes.push(`${location.name}: ${[added ? `+${added}` : '', dropped ? `−${dropped}` : ''].filter(Boolean).join(' ')} service${added + dropped === 1 ? '' : 's'}`);
      }
      await tx.delete(therapistServices).where(eq(therapistServices.therapistId, id));
      await tx.insert(therapistServices).values(rows.map((r) => ({ therapistId: id, ...r })));
      // A shift of an area they no longer do anything of there cannot be worked: it leaves the roster.
      const areasAt = new Set(rows.map((r) => `${r.location}/${serviceById(r.serviceId)?.areaId}`));
      for (const shift of await tx.select().from(rosters).where(eq(rosters.therapistId, id))) {
        if (areasAt.has(`${shift.location}/${shift.areaId}`)) continue;
        const gone = await tx
          .delete(rosters)
          .where(and(eq(rosters.therapistId, id), eq(rosters.location, shift.location), eq(rosters.areaId, shift.areaId), eq(rosters.weekday, shift.weekday)))
          .returning();
        // The rows as deleted, not as read above: the desk may have changed one since, and its past is kept already.
        await keepRosterPast(tx, gone, localDateOf(now));
        removed.push(`${LOCATIONS.find((l) => l.id === shift.location)?.name ?? shift.location}, ${AREAS[shift.areaId as AreaId] ?? shift.areaId}, ${WEEKDAYS[shift.weekday]}`);
      }
      if (removed.length > 0) notes.push(`Shifts removed: ${removed.join('; ')}`);
    }
    if (notes.length === 0) return removed;
    const name = change.name ?? row.name;
    await tx
      .update(therapists)
      .set({ name, bio: change.bio ?? row.bio, photoId: change.photoId === undefined ? row.photoId : change.photoId, updatedAt: nextStamp(row.updatedAt) })
      .where(eq(therapists.id, id));
    await recordActivity(tx, actor, {
      kind: 'team',
      action: 'changed',
      subject: name,
      summary: notes.join('; '),
      before: { name: row.name, bio: row.bio, photoId: row.photoId, work: workRecord(beforeRows) },
      after: { name, bio: change.bio ?? row.bio, photoId: change.photoId === undefined ? row.photoId : change.photoId, work: workRecord(rows ?? beforeRows) },
    });
    await finish(tx);
    return removed;
  });
  return { therapist: (await readTherapist(db, id))!, removedShifts };
}

/** What retiring a therapist would do, for the owner's question before it: their visits to come, their shifts. */
export interface RetirementImpact {
  /** Booked visits not yet ended: while there is one, retiring is refused. */
  visitsToCome: AffectedAppointment[];
  /** Their weekly shifts (one per location, area and weekday), taken off the rosters with them. */
  shifts: number;
}

export async function retirementImpact(db: Db, id: number, now: number = Date.now()): Promise<RetirementImpact> {
  const [visitsToCome, shifts] = await Promise.all([visitsToComeOf(db, id, now), db.select({ weekday: rosters.weekday }).from(rosters).where(eq(rosters.therapistId, id))]);
  return { visitsToCome, shifts: shifts.length };
}

export type RetireOutcome = { kind: 'retired'; therapist: TherapistView } | { kind: 'visits_to_come'; name: string; visits: AffectedAppointment[] };

/**
 * Retires a therapist: kept (with their name) on past visits, gone from the team, the rosters, slots and booking.
 * Refused while they have booked visits that have not ended: those are answered, for the desk to move or cancel.
 */
export async function retireTherapist(db: Db, actor: ActivityActor, id: number, now: number = Date.now()): Promise<RetireOutcome> {
  const outcome = await db.transaction(async (tx): Promise<RetireOutcome | { kind: 'done' }> => {
    const [row] = await tx.select().from(therapists).where(eq(therapists.id, id)).for('update');
    if (!row) throw notFound('There is no such therapist.');
    if (row.retiredAt) throw new ApiError(409, 'retired', `${row.name} is retired already.`);
    const visits = await visitsToComeOf(tx, id, now);
    if (visits.length > 0) return { kind: 'visits_to_come', name: row.name, visits };
    const shifts = await tx.delete(rosters).where(eq(rosters.therapistId, id)).returning();
    await keepRosterPast(tx, shifts, localDateOf(now));
    await tx.update(therapists).set({ retiredAt: new Date(now), active: false, updatedAt: new Date(now) }).where(eq(therapists.id, id));
    await recordActivity(tx, actor, {
      kind: 'team',
      action: 'retired',
      subject: row.name,
      summary: `Retired; ${shifts.length} shift${shifts.length === 1 ? '' : 's'} taken off the rosters`,
      before: { retired: false, shifts: shifts.length },
      after: { retired: true },
    });
    await finish(tx);
    return { kind: 'done' };
  });
  if (outcome.kind !== 'done') return outcome;
  return { kind: 'retired', therapist: (await readTherapist(db, id))! };
}
