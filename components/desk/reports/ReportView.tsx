import { LOCATIONS } from '@/lib/catalog/location-table';
import type { Report } from '@/lib/reports/report';
import { ExportLinks } from './ExportLinks';
import { formatPeriod } from './report-text';
import { BookingsSection, CancellationsSection, CustomersSection, PackagesSection, TopServicesSection, UtilisationSection, ValueSection } from './ReportSections';

/** Where a report is for: 'All four salons' or the salon's name. */
export const reportPlace = (location: Report['location']) => (location === 'all' ? 'All four salons' : (LOCATIONS.find((l) => l.id === location)?.name ?? 'One salon'));

/** The owner's report of one period and location, every figure beside the period before's. Server-rendered, no script. */
export function ReportView({ report }: { report: Report }) {
  return (
    <div>
      <p className="mt-6 text-lg font-semibold" data-report-period>
        {reportPlace(report.location)}, {formatPeriod(report.period)}
      </p>
      <p className="text-sm text-stone-700">
        Compared with {formatPeriod(report.previous)}. New York days.
      </p>
      <BookingsSection report={report} />
      <ValueSection report={report} />
      <CancellationsSection report={report} />
      <CustomersSection report={report} />
      <UtilisationSection report={report} />
      <TopServicesSection report={report} />
      <PackagesSection report={report} />
      <ExportLinks query={{ from: report.period.from, to: report.period.to, location: report.location }} />
    </div>
  );
}
