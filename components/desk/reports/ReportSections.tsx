import type { ReactNode } from 'react';
import { LOCATIONS } from '@/lib/catalog/location-table';
import type { Report, ServiceRank, TherapistUtilisation } from '@/lib/reports/report';
import { BarList, BeforeLegend, ChartWithTable, DayChart } from './Charts';
import { ComparisonTable } from './ComparisonTable';
import { formatCount, formatHours, formatMoney, formatRate, formatReportDay, onlineShare, utilisationRate } from './report-text';

/** The owner's report, section by section: each chart with its table, each figure beside the period before's. */

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-stone-700">{intro}</p> : null}
      {children}
    </section>
  );
}

/** A table that may be wider than a phone: it scrolls inside its own frame, reachable by keyboard. */
function WideTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="max-w-full overflow-x-auto">
      <table className="w-full border-collapse text-sm">{children}</table>
    </div>
  );
}

const th = 'px-2 py-2 text-right';
const td = 'px-2 py-2 text-right tabular-nums';

export function BookingsSection({ report }: { report: Report }) {
  const { current, before } = report;
  return (
    <Section id="bookings" title="Bookings and visits" intro="Bookings by the day they were made; visits by the day they were held (not cancelled, not a no-show). New York days.">
      <ComparisonTable
        caption="Bookings and visits against the period before"
        rows={[
          { label: 'Bookings made', current: current.bookingsMade, before: before.bookingsMade, kind: 'count' },
          { label: 'Booked online', current: current.onlineBookings, before: before.onlineBookings, kind: 'count', part: true },
          { label: 'Booked at the desk', current: current.deskBookings, before: before.deskBookings, kind: 'count', part: true },
          { label: 'Online share', current: onlineShare(current.onlineBookings, current.bookingsMade), before: onlineShare(before.onlineBookings, before.bookingsMade), kind: 'rate', part: true },
          { label: 'Visits held', current: current.visitsHeld, before: before.visitsHeld, kind: 'count' },
        ]}
      />
      <h3 className="mt-6 font-semibold">By day</h3>
      <ChartWithTable
        chart={<DayChart days={report.byDay} />}
        table={
          <WideTable label="Bookings made and visits held by day">
            <caption className="sr-only">Bookings made and visits held by day</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-2 text-left">
                  Day
                </th>
                <th scope="col" className={th}>
                  Bookings made
                </th>
                <th scope="col" className={th}>
                  Visits held
                </th>
              </tr>
            </thead>
            <tbody>
              {report.byDay.map((day) => (
                <tr key={day.date} className="border-b border-stone-200">
                  <th scope="row" className="py-1.5 pr-2 text-left font-normal whitespace-nowrap">
                    <time dateTime={day.date}>{formatReportDay(day.date)}</time>
                  </th>
                  <td className={td}>{formatCount(day.bookingsMade)}</td>
                  <td className={td}>{formatCount(day.visitsHeld)}</td>
                </tr>
              ))}
            </tbody>
          </WideTable>
        }
      />
    </Section>
  );
}

export function ValueSection({ report }: { report: Report }) {
  const { current, before } = report;
  return (
    <Section id="value" title="Value" intro="At the prices booked. A service paid by a package session is counted apart, not in the values.">
      <ComparisonTable
        caption="Value against the period before"
        rows={[
          { label: 'Booked value', current: current.bookedValue.cents, before: before.bookedValue.cents, kind: 'money' },
          { label: 'Completed value', current: current.completedValue.cents, before: before.completedValue.cents, kind: 'money' },
          { label: 'Package sessions used', current: current.packageSessions, before: before.packageSessions, kind: 'count' },
        ]}
      />
    </Section>
  );
}

export function CancellationsSection({ report }: { report: Report }) {
  const { current, before } = report;
  const cancelled = (figures: Report['current']) => figures.cancellations.early + figures.cancellations.late;
  const bars = [
    { label: 'By the customer', value: current.cancellations.byCustomer, before: before.cancellations.byCustomer },
    { label: 'By the salon', value: current.cancellations.byStaff, before: before.cancellations.byStaff },
    { label: 'Late (under 24 hours)', value: current.cancellations.late, before: before.cancellations.late },
    { label: 'No-shows', value: current.noShows, before: before.noShows },
  ].map((bar) => ({ label: bar.label, value: bar.value, text: formatCount(bar.value), before: { value: bar.before, text: formatCount(bar.before) } }));
  return (
    <Section id="cancellations" title="Cancellations and no-shows" intro="Early: cancelled 24 hours or more before the start; late: less than that. By whom: the customer, or the salon's staff.">
      <ChartWithTable
        chart={
          <>
            <BeforeLegend />
            <BarList bars={bars} />
          </>
        }
        table={
          <ComparisonTable
            caption="Cancellations and no-shows against the period before"
            rows={[
              { label: 'Cancellations', current: cancelled(current), before: cancelled(before), kind: 'count' },
              { label: 'Early', current: current.cancellations.early, before: before.cancellations.early, kind: 'count', part: true },
              { label: 'Late', current: current.cancellations.late, before: before.cancellations.late, kind: 'count', part: true },
              { label: 'By the customer', current: current.cancellations.byCustomer, before: before.cancellations.byCustomer, kind: 'count', part: true },
              { label: 'By the salon', current: current.cancellations.byStaff, before: before.cancellations.byStaff, kind: 'count', part: true },
              { label: 'No-shows', current: current.noShows, before: before.noShows, kind: 'count' },
              { label: 'No-show rate', current: current.noShowRate, before: before.noShowRate, kind: 'rate', part: true },
            ]}
          />
        }
      />
    </Section>
  );
}

export function CustomersSection({ report }: { report: Report }) {
  const { current, before } = report;
  return (
    <Section id="customers" title="Customers" intro="Among the customers with a visit held in the period: new ones had their first visit in it.">
      <ComparisonTable
        caption="New and returning customers against the period before"
        rows={[
          { label: 'New customers', current: current.customers.new, before: before.customers.new, kind: 'count' },
          { label: 'Returning customers', current: current.customers.returning, before: before.customers.returning, kind: 'count' },
        ]}
      />
    </Section>
  );
}

const locationName = (id: number) => LOCATIONS.find((location) => location.id === id)?.name ?? `Location ${id}`;
const utilisationKey = (row: Pick<TherapistUtilisation, 'therapistId' | 'location'>) => `${row.therapistId}-${row.location}`;

export function UtilisationSection({ report }: { report: Report }) {
  const before = new Map(report.utilisationBefore.map((row) => [utilisationKey(row), row]));
  const rows = [...report.utilisation].sort((a, b) => a.location - b.location || a.name.localeCompare(b.name));
  const rate = (row?: TherapistUtilisation) => (row ? utilisationRate(row.bookedMinutes, row.rosteredMinutes) : 0);
  const bars = rows.map((row) => {
    const previous = before.get(utilisationKey(row));
    return {
      label: `${row.name}, ${locationName(row.location)}`,
      value: rate(row),
      text: formatRate(rate(row)),
      before: { value: rate(previous), text: previous ? formatRate(rate(previous)) : 'not rostered' },
    };
  });
  return (
    <Section id="utilisation" title="Therapist utilisation" intro="Booked minutes against rostered minutes, less time off and closures, per therapist and location.">
      {rows.length === 0 ? (
        <p className="mt-3">No therapist was rostered in this period.</p>
      ) : (
        <ChartWithTable
          chart={
            <>
              <BeforeLegend />
              <BarList bars={bars} max={Math.max(1, ...bars.map((bar) => Math.max(bar.value, bar.before.value)))} />
            </>
          }
          table={
            <WideTable label="Utilisation per therapist and location">
              <caption className="sr-only">Utilisation per therapist and location, against the period before</caption>
              <thead>
                <tr className="border-b border-stone-300">
                  <th scope="col" className="py-2 pr-2 text-left">
                    Therapist
                  </th>
                  <th scope="col" className="px-2 py-2 text-left">
                    Location
                  </th>
                  <th scope="col" className={th}>
                    Booked
                  </th>
                  <th scope="col" className={th}>
                    Rostered
                  </th>
                  <th scope="col" className={th}>
                    Utilisation
                  </th>
                  <th scope="col" className={th}>
                    Period before
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const previous = before.get(utilisationKey(row));
                  return (
                    <tr key={utilisationKey(row)} className="border-b border-stone-200">
                      <th scope="row" className="py-1.5 pr-2 text-left font-semibold whitespace-nowrap">
                        {row.name}
                      </th>
                      <td className="px-2 py-1.5 whitespace-nowrap">{locationName(row.location)}</td>
                      <td className={td}>{formatHours(row.bookedMinutes)}</td>
                      <td className={td}>{formatHours(row.rosteredMinutes)}</td>
                      <td className={td}>{formatRate(rate(row))}</td>
                      <td className={`${td} text-stone-700`}>{previous ? formatRate(rate(previous)) : 'Not rostered'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </WideTable>
          }
        />
      )}
    </Section>
  );
}

function ServiceRanking({ title, ranks, measure }: { title: string; ranks: readonly ServiceRank[]; measure: 'visits' | 'value' }) {
  const value = (rank: ServiceRank) => (measure === 'visits' ? rank.visits : rank.value.cents);
  const text = (rank: ServiceRank) => (measure === 'visits' ? formatCount(rank.visits) : formatMoney(rank.value));
  return (
    <div className="mt-4">
      <h3 className="font-semibold">{title}</h3>
      {ranks.length === 0 ? (
        <p className="mt-2">No service was held in this period.</p>
      ) : (
        <ChartWithTable
          chart={<BarList bars={ranks.map((rank) => ({ label: rank.name, value: value(rank), text: text(rank) }))} />}
          table={
            <WideTable label={title}>
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-stone-300">
                  <th scope="col" className="py-2 pr-2 text-left">
                    Service
                  </th>
                  <th scope="col" className={th}>
                    Visits
                  </th>
                  <th scope="col" className={th}>
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {ranks.map((rank) => (
                  <tr key={rank.serviceId} className="border-b border-stone-200">
                    <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                      {rank.name}
                    </th>
                    <td className={td}>{formatCount(rank.visits)}</td>
                    <td className={td}>{formatMoney(rank.value)}</td>
                  </tr>
                ))}
              </tbody>
            </WideTable>
          }
        />
      )}
    </div>
  );
}

export function TopServicesSection({ report }: { report: Report }) {
  return (
    <Section id="services" title="Top services" intro="The ten services held most, and the ten that brought the most value at the prices booked.">
      <ServiceRanking title="Top services by visits" ranks={report.topServices.byVisits} measure="visits" />
      <ServiceRanking title="Top services by value" ranks={report.topServices.byValue} measure="value" />
    </Section>
  );
}

export function PackagesSection({ report }: { report: Report }) {
  const { packages, packagesBefore } = report;
  return (
    <Section id="packages" title="Packages and bundles" intro="Sessions still owed, and their value, are the salon's liability at the period's end. A package is bought online for any salon: sold and owed are the four salons' together.">
      <ComparisonTable
        caption="Packages and bundles against the period before"
        rows={[
          { label: 'Packages sold', current: packages.sold, before: packagesBefore.sold, kind: 'count' },
          { label: 'Sessions redeemed', current: packages.sessionsRedeemed, before: packagesBefore.sessionsRedeemed, kind: 'count' },
          { label: 'Sessions still owed', current: packages.sessionsOwed, before: packagesBefore.sessionsOwed, kind: 'count' },
          { label: 'Value still owed', current: packages.owedValue.cents, before: packagesBefore.owedValue.cents, kind: 'money' },
        ]}
      />
    </Section>
  );
}
