import { LOCATIONS } from '@/lib/catalog/tables';
import { locationSlugOf } from './period';
import type { Money, PackageFigures, Report, ReportFigures, ServiceRank, TherapistUtilisation } from './report';

/**
 * The report as GET /api/desk/reports/ answers it: the names (`bookings`, `visits`, `bookedValue`, …) for each
 * period, dollars as the rest of the API gives prices, salons by their slug. The page reads the domain's Report
 * (report.ts) directly; only the API speaks this shape.
 */

const dollars = (money: Money) => money.cents / 100;
const slugOf = (location: number) => LOCATIONS.find((known) => known.id === location)?.slug ?? String(location);

function utilisationOnTheWire(rows: TherapistUtilisation[]) {
  return rows.map((row) => ({
    therapistId: row.therapistId,
    name: row.name,
    location: slugOf(row.location),
    bookedMinutes: row.bookedMinutes,
    rosteredMinutes: row.rosteredMinutes,
    rate: row.rosteredMinutes > 0 ? Math.round((row.bookedMinutes / row.rosteredMinutes) * 1000) / 1000 : null,
  }));
}

const packagesOnTheWire = (figures: PackageFigures) => ({
  sold: figures.sold,
  sessionsRedeemed: figures.sessionsRedeemed,
  sessionsOwed: figures.sessionsOwed,
  owedValue: dollars(figures.owedValue),
});

function periodOnTheWire(figures: ReportFigures, utilisation: TherapistUtilisation[], packages: PackageFigures) {
  return {
    bookings: { made: figures.bookingsMade, online: figures.onlineBookings, desk: figures.deskBookings },
    visits: figures.visitsHeld,
    bookedValue: dollars(figures.bookedValue),
    completedValue: dollars(figures.completedValue),
    packageSessions: figures.packageSessions,
    cancellations: figures.cancellations,
    noShows: figures.noShows,
    noShowRate: figures.noShowRate,
    customers: figures.customers,
    utilisation: utilisationOnTheWire(utilisation),
    packages: packagesOnTheWire(packages),
  };
}

const rankOnTheWire = (rank: ServiceRank) => ({ serviceId: rank.serviceId, name: rank.name, visits: rank.visits, value: dollars(rank.value) });

export function reportOnTheWire(report: Report) {
  return {
    period: report.period,
    previous: report.previous,
    location: locationSlugOf(report.location),
    current: periodOnTheWire(report.current, report.utilisation, report.packages),
    before: periodOnTheWire(report.before, report.utilisationBefore, report.packagesBefore),
    byDay: report.byDay.map((day) => ({ date: day.date, bookings: day.bookingsMade, visits: day.visitsHeld })),
    topServices: { byVisits: report.topServices.byVisits.map(rankOnTheWire), byValue: report.topServices.byValue.map(rankOnTheWire) },
  };
}
