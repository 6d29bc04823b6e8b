import type { Metadata } from 'next';
import { Field } from '@/components/account/Field';
import { removeShiftAction, saveShiftAction } from '@/components/desk/schedule-actions';
import { DeskButton, Flash, SelectField } from '@/components/desk/ScheduleParts';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { AREAS, AREA_IDS, LOCATIONS } from '@/lib/catalog/tables';
import { openingRows } from '@/lib/content/locations';
import { getDb } from '@/lib/db';
import { listRoster, qualified } from '@/lib/desk/rosters';
import { namedTherapists, WEEKDAYS } from '@/lib/desk/schedule';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Rosters' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function RostersPage({ searchParams }: { searchParams: Search }) {
  await requireStaffPage('/desk/rosters/');
  const params = await searchParams;
  const flash = await readFormFlash('rosters', params.form);
  const location = LOCATIONS.find((l) => String(l.id) === params.location) ?? LOCATIONS[0];
  const shifts = await listRoster(await getDb(), location.id);
  const areas = AREA_IDS.filter((a) => qualified(location.id, a).length > 0);
  const people = namedTherapists().filter((t) => areas.some((a) => qualified(location.id, a).includes(t.id)));
  const errors = flash?.outcome === 'error' ? flash.fields : {};
  const values = flash?.outcome === 'error' ? flash.values : {};
  const byTherapist = people.map((t) => ({ therapist: t, shifts: shifts.filter((s) => s.therapistId === t.id) }));

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Rosters</h1>
      <p className="mt-1 text-stone-700">Who works which areas on which weekdays, and the hours (New York time). Customers see the times these shifts allow.</p>
      <form method="get" action="/desk/rosters/" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField id="pick-location" name="location" label="Location" options={LOCATIONS.map((l) => ({ value: l.id, label: l.name }))} defaultValue={String(location.id)} />
        <DeskButton variant="secondary">Show</DeskButton>
      </form>
      <Flash state={flash} />

      <form action={saveShiftAction} noValidate aria-labelledby="shift-heading" className="mt-6 flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
        <h2 id="shift-heading" className="font-semibold">
          Add a shift or change its hours at {location.name}
        </h2>
        <p className="text-sm text-stone-700">
          Opening hours:{' '}
          {openingRows(location.id)
            .map((row) => `${row.label} ${row.opens === null ? 'closed' : `${row.opens} to ${row.closes}`}`)
            .join(', ')}
          .
        </p>
        <input type="hidden" name="location" value={location.id} />
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField name="therapistId" label="Therapist" options={people.map((t) => ({ value: t.id, label: t.name }))} defaultValue={values.therapistId} error={errors.therapistId} />
          <SelectField name="areaId" label="Area" options={areas.map((a) => ({ value: a, label: AREAS[a] }))} defaultValue={values.areaId} error={errors.areaId} />
          <SelectField name="weekday" label="Weekday" options={WEEKDAYS.map((label, value) => ({ value, label }))} defaultValue={values.weekday ?? '1'} error={errors.weekday} />
          <Field name="from" label="From" type="time" step={900} defaultValue={values.from ?? '10:00'} error={errors.from} required />
          <Field name="to" label="Until" type="time" step={900} defaultValue={values.to ?? '20:00'} error={errors.to} required />
        </div>
        <div>
          <DeskButton>Save shift</DeskButton>
        </div>
      </form>

      <h2 className="mt-8 text-xl font-bold">{location.name}</h2>
      {byTherapist.map(({ therapist, shifts: list }) => (
        <section key={therapist.id} aria-labelledby={`therapist-${therapist.id}`} className="mt-4">
          <h3 id={`therapist-${therapist.id}`} className="font-semibold">
            {therapist.name}
          </h3>
          {list.length === 0 ? (
            <p className="text-stone-700">No shifts here.</p>
          ) : (
            <ul className="mt-1 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
              {list.map((s) => (
                <li key={`${s.areaId}-${s.weekday}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="min-w-0">
                    {WEEKDAYS[s.weekday]}, {s.areaName}: {s.closed ? `${location.name} is closed that day` : `${s.from} to ${s.to}`}
                    {s.changedBy ? <span className="block text-sm text-stone-700">Changed by {s.changedBy} on {s.changedOn}</span> : null}
                  </span>
                  <form action={removeShiftAction}>
                    <input type="hidden" name="location" value={location.id} />
                    <input type="hidden" name="therapistId" value={s.therapistId} />
                    <input type="hidden" name="areaId" value={s.areaId} />
                    <input type="hidden" name="weekday" value={s.weekday} />
                    <DeskButton variant="secondary" label={`Remove ${therapist.name}, ${s.areaName}, ${WEEKDAYS[s.weekday]}`}>
                      Remove
                    </DeskButton>
                  </form>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
