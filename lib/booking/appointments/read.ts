import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { serviceById, therapistById } from '@/lib/catalog/catalog';
import { AREAS, PACKAGE_TYPE, type AreaId } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { appointments, bookings, users, type Appointment, type Booking, type StoredLine } from '@/lib/db/schema';
import { APPOINTMENT_STATUS, type AppointmentCard, type ServiceLine } from '../card-schema';
import { toSlotStartIso, utcMsToLocal, type SlotStartIso } from '../dates';
import { ownedPackages, packageAvailability, type PackageAvailability } from '../packages';

export interface AppointmentView {
  id: string;
  areaId: number;
  areaName: string;
  therapistId: number;
  therapistName: string;
  requestedTherapistId: number;
  start: SlotStartIso;
  end: SlotStartIso;
  /** New York wall-clock time, 'YYYY-MM-DD HH:mm'. */
  localStart: string;
  status: 'booked' | 'cancelled';
  price: number;
  lines: StoredLine[];
}

export type BookedCard = AppointmentCard & { appointments: AppointmentView[] };

/** A bundle's line says so (4); a multi-session package's (3). */
function packageTypeOf(line: StoredLine): number {
  const offer = serviceById(line.id)?.spkg.find((o) => o.pvId.toLowerCase() === line.pkgId);
  return offer?.pvType ?? PACKAGE_TYPE.MULTI_SESSION;
}

function toLine(line: StoredLine, areaId: number): ServiceLine {
  return {
    pkgId: line.pkgId,
    packageType: line.pkgId ? packageTypeOf(line) : 0,
    qtyFulfilled: 0,
    qtyCombined: 0,
    svcId: line.svcId,
    duration: line.duration,
    isPackage: line.pkgId !== null,
    isOrdered: true,
    serviceTypeId: line.serviceTypeId,
    gen: line.gen as 0 | 1,
    id: line.id,
    areaId,
  };
}

export function toCard(booking: Booking, rows: Appointment[], pkgAvailable: PackageAvailability[]): BookedCard {
  const anyBooked = rows.some((r) => r.status === 'booked');
  return {
    header: {
      url: booking.url,
      customerId: booking.customerId,
      aptId: booking.id,
      location: String(booking.location),
      gender: String(booking.gender) as '0' | '1',
      customerType: booking.customerType,
      status: anyBooked ? APPOINTMENT_STATUS.BOOKED : APPOINTMENT_STATUS.CANCELLED,
      source: booking.source,
    },
    svcAreas: rows.map((r) => {
      const types = new Map<number, ServiceLine[]>();
      for (const line of r.lines) {
        const list = types.get(line.serviceTypeId) ?? [];
        list.push(toLine(line, r.areaId));
        types.set(line.serviceTypeId, list);
      }
      return {
        areaId: r.areaId,
        svcTherapist: r.therapistId,
        svcDate: r.startsAt.toISOString(),
        svcNote: r.note,
        svcTypes: [...types].map(([svcTypeId, svcArray]) => ({ svcTypeId, svcArray })),
      };
    }),
    pkgAreas: [],
    pkgAvailable,
    appointments: rows.map((r) => ({
      id: r.id,
      areaId: r.areaId,
      areaName: AREAS[r.areaId as AreaId] ?? String(r.areaId),
      therapistId: r.therapistId,
      therapistName: therapistById(r.therapistId)?.name ?? `Therapist ${r.therapistId}`,
      requestedTherapistId: r.requestedTherapistId,
      start: toSlotStartIso(r.startsAt.getTime()),
      end: toSlotStartIso(r.endsAt.getTime()),
      localStart: utcMsToLocal(r.startsAt.getTime()),
      status: r.status,
      price: r.price,
      lines: r.lines,
    })),
  };
}

/** One booking of a customer, or undefined when it is not theirs (or does not exist). */
export async function readBooking(db: Db | Tx, customerId: string, bookingId: string): Promise<BookedCard | undefined> {
  const [booking] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  if (!booking) return undefined;
  const rows = await db.select().from(appointments).where(eq(appointments.bookingId, bookingId)).orderBy(asc(appointments.startsAt));
  return toCard(booking, rows, packageAvailability(await ownedPackages(db, customerId)));
}

/** Every booking of a customer, newest first, and their packages. */
export async function listBookings(db: Db, customerId: string): Promise<{ customerId: string; cards: BookedCard[]; pkgAvailable: PackageAvailability[] }> {
  const owned = packageAvailability(await ownedPackages(db, customerId));
  const rows = await db.select().from(bookings).where(eq(bookings.customerId, customerId));
  const appts = rows.length
    ? await db
        .select()
        .from(appointments)
        .where(inArray(appointments.bookingId, rows.map((r) => r.id)))
        .orderBy(asc(appointments.startsAt))
    : [];
  const cards = rows
    .map((b) => toCard(b, appts.filter((a) => a.bookingId === b.id), owned))
    .filter((c) => c.appointments.length > 0)
    .sort((a, b) => (b.appointments[0]!.start > a.appointments[0]!.start ? 1 : -1));
  return { customerId, cards, pkgAvailable: owned };
}

export async function customerExists(db: Db, customerId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, customerId));
  return Boolean(row);
}
