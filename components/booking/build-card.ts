import type { AppointmentCardInput } from '@/lib/booking/card-schema';
import { summariseVisit, type PackageUse, type VisitSummary } from '@/lib/booking/visit-summary';
import { AREAS, PACKAGE_TYPE, type AreaId } from '@/lib/catalog/tables';
import { areaDay, areaServiceIds, cardToWire, type BookingArea, type BookingCard } from '@/lib/booking/card';
import type { DateInLocationTz } from '@/lib/booking/calendar';
import type { ServiceLine } from '@/lib/persistence/model';
import { withTime } from '@/stores/card-edits';
import type { OwnedPackageSummary, ServiceSummary } from './booking-types';

/** The time chosen for an area: valid only while the area keeps the therapist and date it was chosen for. */
export interface TimeChoice {
  therapist: number;
  date: string;
  time: string;
}

export type TimeChoices = Partial<Record<number, TimeChoice>>;

const timesRead = new WeakMap<BookingCard, TimeChoices>();

/** The times chosen on the card (each area's named time, with the therapist and day it holds for), read once per card. */
export function chosenTimesOf(card: BookingCard): TimeChoices {
  let times = timesRead.get(card);
  if (!times) {
    times = {};
    for (const area of card.areas) if (area.when.kind === 'time') times[area.area] = { therapist: area.therapist, date: area.when.date, time: area.when.time };
    timesRead.set(card, times);
  }
  return times;
}

/** The card with each time put on its area, where the area still has the therapist and day it was chosen with. */
export function withTimes(card: BookingCard, times: TimeChoices): BookingCard {
  let next = card;
  for (const area of card.areas) {
    const choice = times[area.area];
    if (choice && choice.therapist === area.therapist && choice.date === areaDay(area)) next = withTime(next, area.area, choice.time);
  }
  return next;
}

export function chosenTime(area: BookingArea, times: TimeChoices): string | undefined {
  const choice = times[area.area];
  const day = areaDay(area);
  if (!choice || !day) return undefined;
  return choice.date === day && choice.therapist === area.therapist ? choice.time : undefined;
}

/** Minutes an area books: its services back to back. */
export function areaMinutes(area: BookingArea, services: Record<string, ServiceSummary>): number {
  let minutes = 0;
  for (const id of areaServiceIds(area)) minutes += services[id]?.duration ?? 0;
  return minutes;
}

/**
 * Which lines the customer's packages cover: one unused session per line, first come first served, so two lines of
 * one service never spend more sessions than are left. Returns line id -> package.
 */
export function packageCoverage(card: BookingCard, packages: readonly OwnedPackageSummary[]): Map<string, OwnedPackageSummary> {
  // An unknown count covers one line: the server refuses a package session the customer does not have. Sessions are
  // counted per package and service: each service of a bundle has its own.
  const key = (pkg: OwnedPackageSummary) => `${pkg.pkgId}/${pkg.serviceId}`;
  const left = new Map(packages.map((pkg) => [key(pkg), pkg.sessionsLeft ?? 1]));
  const covered = new Map<string, OwnedPackageSummary>();
  for (const area of card.areas) {
    for (const id of areaServiceIds(area)) {
      const pkg = packages.find((p) => p.serviceId === id.toLowerCase() && (left.get(key(p)) ?? 0) > 0);
      if (!pkg) continue;
      left.set(key(pkg), (left.get(key(pkg)) ?? 0) - 1);
      covered.set(id, pkg);
    }
  }
  return covered;
}

/** What each package will cover of the card, per package and service, with the sessions left after it (in card order). */
export function packageUses(covered: ReadonlyMap<string, OwnedPackageSummary>, services: Record<string, ServiceSummary>): PackageUse[] {
  const uses = new Map<string, PackageUse & { before: number | null }>();
  for (const [lineId, pkg] of covered) {
    const key = `${pkg.pkgId}/${pkg.serviceId}`;
    const use = uses.get(key) ?? { title: pkg.title, serviceName: services[lineId]?.name ?? 'a service', sessions: 0, before: pkg.sessionsLeft, leftAfter: null };
    use.sessions += 1;
    use.leftAfter = use.before === null ? null : use.before - use.sessions;
    uses.set(key, use);
  }
  return [...uses.values()].map(({ before: _before, ...use }) => use);
}

/** Areas still missing a time, in card order. */
export function areasWithoutTime(card: BookingCard, times: TimeChoices): number[] {
  return card.areas.filter((area) => !chosenTime(area, times)).map((area) => area.area);
}

/**
 * The appointment card the booking POST sends, in the specification's shape (cardToWire): each area at its chosen New
 * York time, with its note, and lines covered by a package booked against it. Prices and durations are left for the
 * server to recompute.
 */
export function bookingBody(
  card: BookingCard,
  options: { customerId: string; times: TimeChoices; notes: Partial<Record<number, string>>; packages: readonly OwnedPackageSummary[] },
): AppointmentCardInput {
  const covered = packageCoverage(card, options.packages);
  const line = (l: ServiceLine) => {
    const pkg = covered.get(l.id);
    return {
      pkgId: pkg ? pkg.pkgId : null,
      packageType: pkg ? PACKAGE_TYPE.MULTI_SESSION : 0,
      qtyFulfilled: 0,
      qtyCombined: 0,
      svcId: l.svcId,
      duration: l.duration,
      isPackage: Boolean(pkg),
      isOrdered: false,
      serviceTypeId: l.serviceTypeId,
      gen: l.gen === 1 ? (1 as const) : (0 as const),
      id: l.id,
      areaId: l.areaId,
    };
  };
  const wire = cardToWire(card);
  return {
    header: { ...wire.header, customerId: options.customerId, aptId: '', status: '1' },
    svcAreas: wire.svcAreas.map((area, i) => {
      const time = chosenTime(card.areas[i]!, options.times);
      const day = areaDay(card.areas[i]!);
      return {
        areaId: area.areaId,
        svcTherapist: area.svcTherapist,
        svcDate: time ? `${day} ${time}` : day,
        svcNote: (options.notes[area.areaId] ?? '').trim().slice(0, 500),
        svcTypes: area.svcTypes.map((type) => ({ svcTypeId: type.svcTypeId, svcArray: type.svcArray.map(line) })),
      };
    }),
    pkgAreas: [],
    pkgAvailable: wire.pkgAvailable,
  };
}

/**
 * The card with the URL's therapist and date choices applied (a therapist the area does not have is ignored); an area
 * left on its therapist and day keeps its time.
 */
export function applyUrlChoices(
  card: BookingCard,
  url: Partial<Record<number, { therapist?: number; date?: string }>>,
  therapistsOf: (areaId: number) => readonly { id: number }[],
): BookingCard {
  let changed = false;
  const areas = card.areas.map((area): BookingArea => {
    const choice = url[area.area];
    if (!choice) return area;
    const therapist = choice.therapist !== undefined && therapistsOf(area.area).some((t) => t.id === choice.therapist) ? choice.therapist : area.therapist;
    const day = areaDay(area);
    const date = choice.date ?? (therapist === area.therapist ? day : '');
    if (therapist === area.therapist && date === day) return area;
    changed = true;
    return { ...area, therapist, when: date ? { kind: 'day', date: date as DateInLocationTz } : { kind: 'none' } };
  });
  return changed ? { ...card, areas } : card;
}

/** The URL's times, tied to the therapist and date they were chosen with. */
export function timesFromUrl(card: BookingCard, url: Partial<Record<number, { date?: string; time?: string }>>): TimeChoices {
  const times: TimeChoices = {};
  for (const area of card.areas) {
    const choice = url[area.area];
    if (choice?.date && choice.time && choice.date === areaDay(area)) times[area.area] = { therapist: area.therapist, date: choice.date, time: choice.time };
  }
  return times;
}

/** The booking page's summary of the card: each area at its chosen time (or none yet), lines priced or covered. */
export function cardSummary(
  card: BookingCard,
  options: {
    times: TimeChoices;
    services: Record<string, ServiceSummary>;
    therapistName: (areaId: number, therapistId: number) => string;
    packages: readonly OwnedPackageSummary[];
    /** Whether BOOK asks for deposits: online, not when the desk books for a customer. */
    deposits?: boolean;
  },
): VisitSummary {
  const covered = packageCoverage(card, options.packages);
  const summary = summariseVisit(
    card.areas.map((area) => {
      const time = chosenTime(area, options.times);
      return {
        areaName: AREAS[area.area as AreaId] ?? `Area ${area.area}`,
        therapistName: options.therapistName(area.area, area.therapist),
        localStart: time ? `${areaDay(area)} ${time}` : undefined,
        services: areaServiceIds(area).flatMap((id) => {
          const service = options.services[id];
          if (!service) return [];
          const pkg = covered.get(id);
          const depositCents = pkg || options.deposits === false ? 0 : (service.depositCents ?? 0);
          return [{ name: service.name, minutes: service.duration, shownMinutes: service.shownMinutes, price: pkg ? 0 : service.price, packageTitle: pkg ? pkg.title : null, depositCents }];
        }),
      };
    }),
  );
  return covered.size > 0 ? { ...summary, packageUses: packageUses(covered, options.services) } : summary;
}
