import type { Metadata } from 'next';
import { formatDay } from '@/components/booking/format';
import { DeskWaitlist } from '@/components/desk/DeskWaitlist';
import { WAITLIST_FORM } from '@/components/desk/waitlist-paths';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { todayInNewYork } from '@/lib/booking/waitlist';
import { deskWaitlistQuerySchema } from '@/lib/booking/waitlist-handlers';
import { LOCATIONS } from '@/lib/catalog/tables';
import { getDb } from '@/lib/db';
import { canBookAsIs, deskWaitlistOfDay } from '@/lib/desk/waitlist-desk';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Waitlist' };

type Search = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The waitlist of one location and day, in the order customers asked: each customer to open, mail and call, and each
 * entry to book into a free time or remove.
 */
export default async function DeskWaitlistPage({ searchParams }: { searchParams: Search }) {
  await requireStaffPage('/desk/waitlist/');
  const params = await searchParams;
  const today = todayInNewYork();
  const asked = { location: first(params.location) ?? String(LOCATIONS[0].id), date: first(params.date) ?? today };
  const parsed = deskWaitlistQuerySchema.safeParse(asked);
  const location = parsed.success ? LOCATIONS.find((l) => l.id === parsed.data.location) : undefined;
  const problems: string[] = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  if (parsed.success && !location) problems.push('Choose a location.');
  const rows = parsed.success && location ? (await deskWaitlistOfDay(await getDb(), location.id, parsed.data.date)).map((row) => ({ ...row, bookable: canBookAsIs(row) })) : [];
  const answer = await readFormFlash(WAITLIST_FORM, params.form);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Waitlist</h1>
      <p className="mt-1 text-stone-700">
        Customers who found no fitting time on a day and asked to be told. When a cancellation or a move frees one, they are e-mailed in this order; the
        time is not held for them.
      </p>
      <form method="get" action="/desk/waitlist/" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="waitlist-location" className="text-sm font-semibold">
            Location
          </label>
          <select id="waitlist-location" name="location" defaultValue={asked.location} className="min-h-11 rounded-lg border border-stone-400 bg-white px-3 py-2">
            {LOCATIONS.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="waitlist-date" className="text-sm font-semibold">
            Day
          </label>
          <input id="waitlist-date" name="date" type="date" defaultValue={asked.date} required className="min-h-11 rounded-lg border border-stone-400 bg-white px-3 py-2" />
        </div>
        <button type="submit" className="min-h-11 rounded-lg border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-700">
          Show
        </button>
      </form>

      {problems.length > 0 ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-900">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      ) : (
        <section aria-labelledby="waitlist-day" className="mt-6">
          <h2 id="waitlist-day" className="text-xl font-bold">
            {location!.name}, {formatDay(parsed.data!.date)}
          </h2>
          {answer?.message ? (
            <p role={answer.outcome === 'error' ? 'alert' : 'status'} className={`mt-2 rounded border px-3 py-2 ${answer.outcome === 'error' ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900'}`}>
              {answer.message}
            </p>
          ) : null}
          {rows.length === 0 ? (
            <p className="mt-2 text-stone-700">Nobody is waiting for this day.</p>
          ) : (
            <DeskWaitlist rows={rows} location={location!.id} date={parsed.data!.date} removing={first(params.remove)} />
          )}
        </section>
      )}
    </div>
  );
}
