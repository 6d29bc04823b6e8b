import type { Metadata } from 'next';
import { ReportFilters } from '@/components/desk/reports/ReportFilters';
import { readReportPageQuery } from '@/components/desk/reports/report-page-query';
import { ReportView } from '@/components/desk/reports/ReportView';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { getDb } from '@/lib/db';
import { reportFor } from '@/lib/reports/figures';

export const metadata: Metadata = { title: 'Reports' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportsPage({ searchParams }: { searchParams: Search }) {
  await requireOwnerPage('/desk/reports/');
  const { query, preset, problem } = readReportPageQuery(await searchParams);
  const report = await reportFor(await getDb(), query);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">Reports</h1>
      <p className="mt-1 text-stone-700">How the salons are doing: bookings, visits, value, cancellations, utilisation, services and packages, beside the period before.</p>
      <ReportFilters query={query} preset={preset} />
      {problem ? (
        <p role="alert" className="mt-4 rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
          {problem}
        </p>
      ) : null}
      <ReportView report={report} />
    </div>
  );
}
