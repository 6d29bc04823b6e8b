import { formatDuration, formatUsd } from '@/lib/catalog/format';
import { formatClock } from './clock';

/**
 * The summary of a visit that the booking page shows before BOOK and the confirmation page and mail show after it:
 * each service with its time, therapist, duration and price (or the package that covers it), the total price and
 * the total time, and the cancellation rule. Pure, with no server or React code, so that all three say the same.
 */

/** The rule of content/pages/cancellation-policy.md, as said next to BOOK and in the confirmation. */
export const CANCELLATION_HOURS = 24;
export const CANCELLATION_RULE =
  `Reschedule or cancel free of charge up to ${CANCELLATION_HOURS} hours before your appointment, online in your account or by phone. ` +
  `With less than ${CANCELLATION_HOURS} hours' notice, or if you miss it, a deposit paid for it is kept as the late-cancellation fee.`;

export interface SummaryServiceInput {
  name: string;
  /** Minutes booked (the total time adds these up). */
  minutes: number;
  /** Minutes as the menu shows them (a massage shows its time without the changeover). */
  shownMinutes: number;
  /** What the customer pays for it: 0 when a package covers it. */
  price: number;
  /** The package or bundle that covers it, by title; null when paid. */
  packageTitle: string | null;
  /** The deposit booking it online asks for, in cents (0 or absent: none, or a package covers it). */
  depositCents?: number;
}

export interface SummaryAreaInput {
  areaName: string;
  therapistName: string;
  /** New York wall-clock start of the area, 'YYYY-MM-DD HH:mm'; undefined while no time is chosen. */
  localStart: string | undefined;
  services: readonly SummaryServiceInput[];
}

export interface SummaryLine extends SummaryServiceInput {
  areaName: string;
  therapistName: string;
  /** 'YYYY-MM-DD HH:mm' New York time of this service: its area's start plus the services before it. */
  localStart: string | undefined;
}

export interface VisitSummary {
  lines: SummaryLine[];
  totalPrice: number;
  totalMinutes: number;
  /** The deposit BOOK asks for, in cents (lib/deposits/rule.ts): 0 for none. */
  depositCents: number;
  /** How many lines a package covers. */
  covered: number;
  /** Every service has a time: the days they fall on (services on two days are not one visit). */
  days: number;
  /** On one day: from the first start to the last end, and the minutes of it no service fills. */
  span?: { start: string; end: string; gapMinutes: number };
  /** Before BOOK: what each owned package will cover of this visit. */
  packageUses?: PackageUse[];
}

/** Sessions of one package spent on one service of the visit. */
export interface PackageUse {
  title: string;
  serviceName: string;
  sessions: number;
  /** Sessions of it left once these are used; null when the count is not known (proxy mode). */
  leftAfter: number | null;
}

/** 'Your package Eyebrows Wax, 3 sessions covers Eyebrows Wax: 2 sessions left after this one.' */
export function packageUseText(use: PackageUse): string {
  const which = use.sessions === 1 ? 'this one' : 'these';
  const covers = `Your package ${use.title} covers ${use.serviceName}${use.sessions === 1 ? '' : ` (${use.sessions} sessions)`}`;
  if (use.leftAfter === null) return `${covers}.`;
  if (use.leftAfter <= 0) return `${covers}: no sessions left after ${which}.`;
  return `${covers}: ${use.leftAfter} ${use.leftAfter === 1 ? 'session' : 'sessions'} left after ${which}.`;
}

/** 'YYYY-MM-DD HH:mm' plus minutes by the wall clock: services run inside opening hours, never across a clock change. */
export function addLocalMinutes(local: string, minutes: number): string {
  const [date, time = '00:00'] = local.split(' ');
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${date} ${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function summariseVisit(areas: readonly SummaryAreaInput[]): VisitSummary {
  const lines: SummaryLine[] = [];
  for (const area of areas) {
    let offset = 0;
    for (const service of area.services) {
      lines.push({
        ...service,
        areaName: area.areaName,
        therapistName: area.therapistName,
        localStart: area.localStart === undefined ? undefined : addLocalMinutes(area.localStart, offset),
      });
      offset += service.minutes;
    }
  }
  lines.sort((a, b) => (a.localStart ?? '~').localeCompare(b.localStart ?? '~'));
  const timed = lines.every((l) => l.localStart !== undefined);
  const days = timed ? new Set(lines.map((l) => l.localStart!.slice(0, 10))).size : 0;
  return {
    lines,
    totalPrice: lines.reduce((sum, l) => sum + l.price, 0),
    totalMinutes: lines.reduce((sum, l) => sum + l.minutes, 0),
    depositCents: lines.reduce((sum, l) => sum + (l.depositCents ?? 0), 0),
    covered: lines.filter((l) => l.packageTitle !== null).length,
    days,
    ...(days === 1 ? { span: spanOf(lines) } : {}),
  };
}

const minuteOfDay = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

/** The lines of one day, in start order: first start, last end, and the time between services. */
function spanOf(lines: readonly SummaryLine[]): { start: string; end: string; gapMinutes: number } {
  let end = lines[0]!.localStart!;
  let gapMinutes = 0;
  for (const line of lines) {
    const start = line.localStart!;
    gapMinutes += Math.max(0, minuteOfDay(start) - minuteOfDay(end));
    const lineEnd = addLocalMinutes(start, line.minutes);
    if (lineEnd > end) end = lineEnd;
  }
  return { start: lines[0]!.localStart!, end, gapMinutes };
}

/**
 * The total time as said under the services: their minutes added up, and when they do not follow each other, the
 * gap with the visit's start and end ('1 hr 30 min, with a gap of 3 hrs (10:00 AM to 2:30 PM)'), or the days.
 */
export function totalTimeText(summary: Pick<VisitSummary, 'totalMinutes' | 'days' | 'span'>): string {
  const total = formatDuration(summary.totalMinutes);
  if (summary.days > 1) return `${total}, over ${summary.days} days`;
  const span = summary.span;
  if (!span || span.gapMinutes === 0) return total;
  return `${total}, with a gap of ${formatDuration(span.gapMinutes)} (${formatClock(span.start)} to ${formatClock(span.end)})`;
}


const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Wednesday, March 10, 2027' for the date of 'YYYY-MM-DD HH:mm' (a calendar date: no time zone involved). */
export function formatLocalDay(local: string): string {
  return dayFormat.format(new Date(`${local.slice(0, 10)}T12:00:00Z`));
}

const localDayAndClock = (local: string) => `${formatLocalDay(local)} at ${formatClock(local)}`;

/**
 * The summary as plain text lines, for the confirmation mail. `formatWhen` words a line's local start: the mail
 * passes one that names the time zone (EST or EDT), as its other mails do.
 */
export function summaryText(summary: VisitSummary, formatWhen: (local: string) => string = localDayAndClock): string[] {
  const out = summary.lines.map((l) => {
    const when = l.localStart ? formatWhen(l.localStart) : 'time to be chosen';
    const price = l.packageTitle ? `covered by your package ${l.packageTitle}` : l.price === 0 ? 'free' : formatUsd(l.price);
    return `- ${when}: ${l.name} (${l.areaName}) with ${l.therapistName}, ${formatDuration(l.shownMinutes)}, ${price}`;
  });
  out.push(`Total: ${formatUsd(summary.totalPrice)} for ${totalTimeText(summary)}${summary.covered > 0 ? ` (${summary.covered} covered by your packages)` : ''}`);
  return out;
}

/** What the summary needs of a booked appointment (AppointmentView has more). */
export interface BookedAreaInput {
  areaName: string;
  therapistName: string;
  /** 'YYYY-MM-DD HH:mm' New York time. */
  localStart: string;
  status: 'booked' | 'cancelled';
  lines: readonly { id: string; name: string; duration: number; price: number; pkgId: string | null }[];
}

/** The summary of a booking's booked appointments; `describe` gives a line's shown minutes and package title. */
export function summariseBooked(
  appointments: readonly BookedAreaInput[],
  describe: (line: BookedAreaInput['lines'][number]) => { shownMinutes: number; packageTitle: string | null },
): VisitSummary {
  return summariseVisit(
    appointments
      .filter((a) => a.status === 'booked')
      .map((a) => ({
        areaName: a.areaName,
        therapistName: a.therapistName,
        localStart: a.localStart,
        services: a.lines.map((line) => {
          const { shownMinutes, packageTitle } = describe(line);
          return { name: line.name, minutes: line.duration, shownMinutes, price: line.pkgId ? 0 : line.price, packageTitle: line.pkgId ? (packageTitle ?? 'Package') : null };
        }),
      })),
  );
}
