import type { ReportQuery } from '@/lib/reports/period';
import { reportSearch } from './ReportFilters';

export const EXPORTS = [
  { kind: 'appointments', label: 'Appointments' },
  { kind: 'customers', label: 'Customers' },
  { kind: 'packages', label: 'Package balances' },
  { kind: 'activity', label: 'Activity log' },
] as const;

/**
 * The CSV exports of the period and location shown: plain links, the server names the file and streams it
 * (GET /api/desk/exports/{kind}.csv). Each export is recorded in the activity log with who took it.
 */
export function ExportLinks({ query }: { query: ReportQuery }) {
  const search = reportSearch(query);
  return (
    <section aria-labelledby="exports-heading" className="mt-8">
      <h2 id="exports-heading" className="text-xl font-bold">
        Exports
      </h2>
      <p className="mt-1 text-sm text-stone-700">For this period and location, as CSV (UTF-8) for a spreadsheet. Each export is recorded in the activity log.</p>
      <ul className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
        {EXPORTS.map((item) => (
          <li key={item.kind}>
            <a href={`/api/desk/exports/${item.kind}.csv?${search}`} download className="inline-flex min-h-11 items-center rounded-full border border-brand-700 px-4 text-brand-800 hover:bg-brand-50">
              {item.label} (CSV)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
