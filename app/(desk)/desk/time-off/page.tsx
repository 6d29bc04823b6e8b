import type { Metadata } from 'next';
import { Field } from '@/components/account/Field';
import Link from '@/components/ui/AppLink';
import { createTimeOffAction, deleteTimeOffAction } from '@/components/desk/schedule-actions';
import { AffectedAppointments, DeskButton, Flash, SelectField } from '@/components/desk/ScheduleParts';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { getDb } from '@/lib/db';
import { appointmentsInsideTimeOff, listTimeOff, namedTherapists, WEEKDAYS } from '@/lib/desk/schedule';
import { affectedDays } from '@/lib/desk/to-resolve-rules';
import { formatDay } from '@/components/booking/format';
import { LOCATIONS } from '@/lib/catalog/tables';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Time off' };

const WEEKDAY_OPTIONS = WEEKDAYS.map((label, value) => ({ value, label }));

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function TimeOffPage({ searchParams }: { searchParams: Search }) {
  await requireStaffPage('/desk/time-off/');
  const params = await searchParams;
  const flash = await readFormFlash('time-off', params.form);
  const db = await getDb();
  // ?created= right after a block is added; ?visits= from the list, for as long as the block falls on booked visits.
  const shownId = typeof params.visits === 'string' ? params.visits : params.created;
  const shown = typeof shownId === 'string' ? await appointmentsInsideTimeOff(db, shownId) : undefined;
  const blocks = await listTimeOff(db);
  // The team as the owner keeps it now (/desk/team/): a new therapist is listed at once, a retired one no more.
  const therapistOptions = [{ value: '', label: 'Choose…' }, ...namedTherapists().map((t) => ({ value: t.id, label: t.name }))];
  const errorsFor = (kind: string) => (flash?.outcome === 'error' && flash.values.kind === kind ? flash.fields : {});
  const valuesFor = (kind: string) => (flash?.values.kind === kind ? flash.values : {});
  const once = { errors: errorsFor('once'), values: valuesFor('once') };
  const weekly = { errors: errorsFor('weekly'), values: valuesFor('weekly') };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Time off</h1>
      <p className="mt-1 text-stone-700">
        A therapist&apos;s time off is taken out of the times customers can book, at every location. Times are New York time.
      </p>
      <Flash state={flash} />
      {shown && shown.appointments.length > 0 ? (
        <nav aria-labelledby="resolve-days-heading" className="mt-4 rounded-lg border border-brand-800 p-4">
          <h2 id="resolve-days-heading" className="font-semibold">
            Resolve them on the day view
          </h2>
          <p className="mt-1 text-sm text-stone-700">Each day lists these visits with the therapists free at their times, to reassign them or mail the customers.</p>
          <ul className="mt-2 flex flex-col gap-1">
            {affectedDays(shown.appointments.map((a) => ({ ...a, locationSlug: LOCATIONS.find((l) => l.name === a.location)?.slug ?? '' }))).map((d) => (
              <li key={`${d.date}-${d.locationSlug}`}>
                <Link href={`/desk/day/${d.locationSlug}/${d.date}/#to-resolve`} prefetch={false} className="font-semibold text-brand-800 underline">
                  {d.location}, {formatDay(d.date)}: {d.count} to resolve
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {shown ? <AffectedAppointments heading={`Inside ${shown.block.therapistName}'s time off, ${shown.block.when}`} items={shown.appointments} /> : null}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <form action={createTimeOffAction} noValidate aria-labelledby="once-heading" className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
          <h2 id="once-heading" className="font-semibold">
            One-off time off
          </h2>
          <input type="hidden" name="kind" value="once" />
          <SelectField id="once-therapist" name="therapistId" label="Therapist" options={therapistOptions} defaultValue={once.values.therapistId ?? ''} error={once.errors.therapistId} required />
          <Field id="once-starts" name="starts" label="From" type="datetime-local" step={900} defaultValue={once.values.starts} error={once.errors.starts} required />
          <Field id="once-ends" name="ends" label="Until" type="datetime-local" step={900} defaultValue={once.values.ends} error={once.errors.ends} required />
          <Field id="once-reason" name="reason" label="Reason (optional)" maxLength={200} defaultValue={once.values.reason} error={once.errors.reason} />
          <div>
            <DeskButton>Block this time</DeskButton>
          </div>
        </form>

        <form action={createTimeOffAction} noValidate aria-labelledby="weekly-heading" className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
          <h2 id="weekly-heading" className="font-semibold">
            Weekly time off
          </h2>
          <p className="text-sm text-stone-700">From today on. Removing it later leaves the weeks before as they were, for the reports.</p>
          <input type="hidden" name="kind" value="weekly" />
          <SelectField id="weekly-therapist" name="therapistId" label="Therapist" options={therapistOptions} defaultValue={weekly.values.therapistId ?? ''} error={weekly.errors.therapistId} required />
          <SelectField id="weekly-weekday" name="weekday" label="Every" options={WEEKDAY_OPTIONS} defaultValue={weekly.values.weekday ?? '1'} error={weekly.errors.weekday} />
          <Field id="weekly-from" name="from" label="From" type="time" step={900} defaultValue={weekly.values.from} error={weekly.errors.from} required />
          <Field id="weekly-to" name="to" label="Until" type="time" step={900} defaultValue={weekly.values.to} error={weekly.errors.to} required />
          <Field id="weekly-reason" name="reason" label="Reason (optional)" maxLength={200} defaultValue={weekly.values.reason} error={weekly.errors.reason} />
          <div>
            <DeskButton>Block every week</DeskButton>
          </div>
        </form>
      </div>

      <h2 className="mt-8 text-xl font-bold">Current time off</h2>
      {blocks.length === 0 ? (
        <p className="mt-2">No time off is planned.</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
          {blocks.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0 break-words">
                <strong>{b.therapistName}</strong>: {b.when}
                {b.reason ? ` (${b.reason})` : ''}
                <span className="block text-sm text-stone-700">
                  Added {b.createdBy ? `by ${b.createdBy} ` : ''}on {b.createdOn}
                </span>
                {b.visitsToMove > 0 ? (
                  <Link
                    href={`/desk/time-off/?visits=${b.id}#affected-heading`}
                    prefetch={false}
                    aria-label={`Visits to move (${b.visitsToMove}): ${b.therapistName}'s time off ${b.when}`}
                    className="font-semibold text-brand-800 underline"
                  >
                    Visits to move ({b.visitsToMove})
                  </Link>
                ) : null}
              </div>
              <form action={deleteTimeOffAction}>
                <input type="hidden" name="id" value={b.id} />
                <DeskButton variant="secondary" pendingText="Removing…" label={`Remove ${b.therapistName}'s time off ${b.when}`}>
                  Remove
                </DeskButton>
              </form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
