import type { Metadata } from 'next';
import { Field } from '@/components/account/Field';
import { addClosureAction, openDayAction, restoreHolidayAction } from '@/components/desk/schedule-actions';
import { AffectedAppointments, DeskButton, Flash, SelectField } from '@/components/desk/ScheduleParts';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { parseDateInLocationTz } from '@/lib/booking/dates';
import { formatLongDate } from '@/lib/booking/schedule';
import { LOCATIONS } from '@/lib/catalog/tables';
import { getDb } from '@/lib/db';
import { appointmentsOnDay, closuresOfYear, currentYear, firstClosureDay } from '@/lib/desk/schedule';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Closures' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ClosuresPage({ searchParams }: { searchParams: Search }) {
  await requireStaffPage('/desk/closures/');
  const params = await searchParams;
  const flash = await readFormFlash('closures', params.form);
  const location = LOCATIONS.find((l) => String(l.id) === params.location) ?? LOCATIONS[0];
  const thisYear = currentYear();
  const asked = Number(params.year);
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : thisYear;
  const db = await getDb();
  const rows = await closuresOfYear(db, location.id, year);
  const closedDay = parseDateInLocationTz(params.closed);
  const affected = closedDay ? await appointmentsOnDay(db, location.id, closedDay) : undefined;
  const errors = flash?.outcome === 'error' ? flash.fields : {};
  const values = flash?.outcome === 'error' ? flash.values : {};

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Closures</h1>
      <p className="mt-1 text-stone-700">
        Days a location is closed: nobody can book them. The salon closes on New Year&apos;s Day, Memorial Day, Independence Day, Labor Day,
        Thanksgiving and Christmas (and on the weekday a weekend holiday is observed); open any of them for one location, or add a closure.
      </p>
      <form method="get" action="/desk/closures/" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField id="pick-location" name="location" label="Location" options={LOCATIONS.map((l) => ({ value: l.id, label: l.name }))} defaultValue={String(location.id)} />
        <SelectField
          id="pick-year"
          name="year"
          label="Year"
          options={[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => ({ value: y, label: String(y) }))}
          defaultValue={String(year)}
        />
        <DeskButton variant="secondary">Show</DeskButton>
      </form>
      <Flash state={flash} />
      {affected && closedDay ? <AffectedAppointments heading={`Booked at ${location.name} on ${formatLongDate(closedDay)}`} items={affected} /> : null}

      <h2 className="mt-6 text-xl font-bold">
        {location.name}, {year}
      </h2>
      <ul className="mt-2 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
        {rows.map((row) => (
          <li key={row.date} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <strong>{formatLongDate(row.date)}</strong>: {row.name}{' '}
              <span className={row.closed ? 'font-semibold text-red-800' : 'font-semibold text-green-800'}>{row.closed ? 'Closed' : 'Open'}</span>
            </div>
            <form action={row.closed ? openDayAction : restoreHolidayAction}>
              <input type="hidden" name="location" value={location.id} />
              <input type="hidden" name="date" value={row.date} />
              <DeskButton variant="secondary" label={`${row.closed ? (row.source === 'added' ? 'Remove closure' : 'Open') : 'Close'} on ${formatLongDate(row.date)}`}>
                {row.closed ? (row.source === 'added' ? 'Remove closure' : 'Open') : 'Close'}
              </DeskButton>
            </form>
          </li>
        ))}
      </ul>

      <form action={addClosureAction} noValidate aria-labelledby="add-closure-heading" className="mt-6 flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
        <h2 id="add-closure-heading" className="font-semibold">
          Close {location.name} on another day
        </h2>
        <input type="hidden" name="location" value={location.id} />
        <Field id="closure-date" name="date" label="Date" type="date" min={firstClosureDay()} defaultValue={values.date} error={errors.date} required />
        <Field
          id="closure-name"
          name="name"
          label="Name"
          maxLength={80}
          placeholder="Staff training"
          hint="Customers see it on the booking page: “The salon is closed on … (Staff training).” On a day already closed it replaces the name."
          defaultValue={values.name}
          error={errors.name}
          required
        />
        <div>
          <DeskButton>Close this day</DeskButton>
        </div>
      </form>
    </div>
  );
}
