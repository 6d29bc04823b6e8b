import Link from '@/components/ui/AppLink';
import { DeskButton, SelectField } from '@/components/desk/ScheduleParts';
import { LOCATIONS } from '@/lib/catalog/location-table';
import { locationSlugOf, PERIOD_PRESETS, type PeriodPreset, type ReportQuery } from '@/lib/reports/period';
import { PRESET_LABELS } from './report-page-query';

/** The report's address for a query: the one form the presets, the custom range and the export links share. */
export function reportSearch(query: ReportQuery): string {
  return new URLSearchParams({ from: query.from, to: query.to, location: locationSlugOf(query.location) }).toString();
}

const LOCATION_OPTIONS = [{ value: 'all', label: 'All four salons' }, ...LOCATIONS.map((location) => ({ value: location.slug, label: location.name }))];

/**
 * The period and the location: preset links that keep the location, and a plain GET form for a custom range and the
 * location. Both work without scripts; the address says what is shown, so a report can be bookmarked or sent.
 */
export function ReportFilters({ query, preset }: { query: ReportQuery; preset?: PeriodPreset }) {
  const location = locationSlugOf(query.location);
  return (
    <div className="mt-4 flex flex-col gap-4">
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2 text-sm font-semibold">
          {PERIOD_PRESETS.map((name) => (
            <li key={name}>
              <Link
                href={`/desk/reports/?preset=${name}&location=${location}`}
                prefetch={false}
                aria-current={preset === name ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 ${preset === name ? 'border-brand-700 bg-brand-700 text-white' : 'border-brand-700 text-brand-800 hover:bg-brand-50'}`}
              >
                {PRESET_LABELS[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by what it shows: a preset followed in the browser renders the form anew, not with the last range typed. */}
      <form key={reportSearch(query)} method="get" action="/desk/reports/" aria-label="Period and location" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="report-from" className="font-semibold">
            First day
          </label>
          <input id="report-from" name="from" type="date" required defaultValue={query.from} className="rounded border border-gray-500 bg-white px-3 py-2" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="report-to" className="font-semibold">
            Last day
          </label>
          <input id="report-to" name="to" type="date" required defaultValue={query.to} className="rounded border border-gray-500 bg-white px-3 py-2" />
        </div>
        <SelectField id="report-location" name="location" label="Location" options={LOCATION_OPTIONS} defaultValue={location} />
        <DeskButton>Show</DeskButton>
      </form>
    </div>
  );
}
