import type { Metadata } from 'next';
import { Field } from '@/components/account/Field';
import { formatClock } from '@/components/booking/format';
import { removeShiftAction, removeShiftChangeAction, saveShiftAction, saveShiftChangeAction } from '@/components/desk/schedule-actions';
import { ConfirmRosterChange, DeskButton, Flash, RosterWeekGrid, SelectField } from '@/components/desk/ScheduleParts';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { AREAS, LOCATIONS } from '@/lib/catalog/tables';
import { openingRows } from '@/lib/content/locations';
import { getDb } from '@/lib/db';
import { readRostersPage } from '@/lib/desk/rosters-page';
import { WEEKDAYS } from '@/lib/desk/schedule';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Rosters' };

type Search = Promise<Record<string, string | string[] | undefined>>;

const CONFIRM_ACTIONS = { save: saveShiftAction, remove: removeShiftAction, once: saveShiftChangeAction, unonce: removeShiftChangeAction } as const;

export default async function RostersPage({ searchParams }: { searchParams: Search }) {
  await requireStaffPage('/desk/rosters/');
  const params = await searchParams;
  const [flash, onceFlash] = await Promise.all([readFormFlash('rosters', params.form), readFormFlash('rosters-once', params.form)]);
  const { location, changes, areas, people, grid, selected, cellShifts, today, onceDate, confirm } = await readRostersPage(await getDb(), params);
  const errors = flash?.outcome === 'error' ? flash.fields : {};
  const values = flash?.outcome === 'error' ? flash.values : {};
  const onceErrors = onceFlash?.outcome === 'error' ? onceFlash.fields : {};
  const onceValues = onceFlash?.outcome === 'error' ? onceFlash.values : {};
  const first = cellShifts[0];
  const ConfirmAction = confirm ? CONFIRM_ACTIONS[confirm.step] : undefined;
  // Uncontrolled fields keep their first default through a client navigation: a new cell or answer remounts them.
  const formKey = `${selected?.therapist.id ?? ''}-${selected?.weekday ?? ''}-${typeof params.form === 'string' ? params.form : ''}`;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">Rosters</h1>
      <p className="mt-1 text-stone-700">Who works which areas on which weekdays, and the hours (New York time). Customers see the times these shifts allow.</p>
      <form method="get" action="/desk/rosters/" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField id="pick-location" name="location" label="Location" options={LOCATIONS.map((l) => ({ value: l.id, label: l.name }))} defaultValue={String(location.id)} />
        <DeskButton variant="secondary">Show</DeskButton>
      </form>

      {confirm && ConfirmAction ? (
        <ConfirmRosterChange question={confirm.question} visits={confirm.visits} keepHref={`/desk/rosters/?location=${location.id}`}>
          <form action={ConfirmAction}>
            {Object.entries(confirm.values).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="confirmed" value="1" />
            <DeskButton>{confirm.action}</DeskButton>
          </form>
        </ConfirmRosterChange>
      ) : null}

      <h2 id="week-heading" className="mt-8 text-xl font-bold">
        The week at {location.name}
      </h2>
      <p className="text-sm text-stone-700">
        Opening hours:{' '}
        {openingRows(location.id)
          .map((row) => `${row.label} ${row.opens === null || row.closes === null ? 'closed' : `${formatClock(row.opens)} to ${formatClock(row.closes)}`}`)
          .join(', ')}
        . Tap a cell to change it.
      </p>
      <RosterWeekGrid location={location} rows={grid} selected={selected ? { therapistId: selected.therapist.id, weekday: selected.weekday } : undefined} />

      <section id="editor" aria-labelledby="shift-heading" className="mt-6 rounded-lg border border-stone-200 p-4">
        <Flash state={flash} />
        {selected ? (
          <section aria-label={`${selected.therapist.name} on ${WEEKDAYS[selected.weekday]}s`} className="mb-4">
            <h2 className="text-lg font-semibold">
              {selected.therapist.name} on {WEEKDAYS[selected.weekday]}s
            </h2>
            {cellShifts.length === 0 ? (
              <p className="text-stone-700">No shift that day: add one below.</p>
            ) : (
              <ul className="mt-1 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
                {cellShifts.map((s) => (
                  <li key={s.areaId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span className="min-w-0">
                      {WEEKDAYS[s.weekday]}, {s.areaName}: {s.closed ? `${location.name} is closed that day` : `${formatClock(s.from)} to ${formatClock(s.to)}`}
                      {s.changedBy ? <span className="block text-sm text-stone-700">Changed by {s.changedBy} on {s.changedOn}</span> : null}
                    </span>
                    <form action={removeShiftAction}>
                      <input type="hidden" name="location" value={location.id} />
                      <input type="hidden" name="therapistId" value={s.therapistId} />
                      <input type="hidden" name="areaId" value={s.areaId} />
                      <input type="hidden" name="weekday" value={s.weekday} />
                      <DeskButton variant="secondary" pendingText="Removing…" label={`Remove ${selected.therapist.name}, ${s.areaName}, ${WEEKDAYS[s.weekday]}`}>
                        Remove
                      </DeskButton>
                    </form>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        <form key={formKey} action={saveShiftAction} noValidate aria-labelledby="shift-heading" className="flex flex-col gap-3">
          <h2 id="shift-heading" className="font-semibold">
            Add a shift or change its hours at {location.name}
          </h2>
          <input type="hidden" name="location" value={location.id} />
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              name="therapistId"
              label="Therapist"
              options={people.map((t) => ({ value: t.id, label: t.name }))}
              defaultValue={values.therapistId ?? (selected ? String(selected.therapist.id) : undefined)}
              error={errors.therapistId}
            />
            <SelectField name="areaId" label="Area" options={areas.map((a) => ({ value: a, label: AREAS[a] }))} defaultValue={values.areaId ?? (first ? String(first.areaId) : undefined)} error={errors.areaId} />
            <SelectField
              name="weekday"
              label="Weekday"
              options={WEEKDAYS.map((label, value) => ({ value, label }))}
              defaultValue={values.weekday ?? (selected ? String(selected.weekday) : '1')}
              error={errors.weekday}
            />
            <Field name="from" label="From" type="time" step={900} defaultValue={values.from ?? first?.from ?? '10:00'} error={errors.from} required />
            <Field name="to" label="Until" type="time" step={900} defaultValue={values.to ?? first?.to ?? '20:00'} error={errors.to} required />
          </div>
          <div>
            <DeskButton>Save shift</DeskButton>
          </div>
        </form>
      </section>

      <section id="once" aria-labelledby="once-heading" className="mt-6 rounded-lg border border-stone-200 p-4">
        <h2 id="once-heading" className="text-lg font-semibold">
          One date only at {location.name}
        </h2>
        <p className="text-sm text-stone-700">Other hours or a day off on one date (this Saturday only); the weekly shifts stay as they are.</p>
        <Flash state={onceFlash} />
        <form key={formKey} action={saveShiftChangeAction} noValidate aria-label="Change one date" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="location" value={location.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              id="once-therapist"
              name="therapistId"
              label="Therapist"
              options={people.map((t) => ({ value: t.id, label: t.name }))}
              defaultValue={onceValues.therapistId ?? (selected ? String(selected.therapist.id) : undefined)}
              error={onceErrors.therapistId}
            />
            <Field id="once-date" name="date" label="Date" type="date" min={today} defaultValue={onceValues.date ?? onceDate} error={onceErrors.date} required />
          </div>
          <fieldset className="flex flex-col gap-1">
            <legend className="font-semibold">That date</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="kind" value="hours" defaultChecked={(onceValues.kind ?? 'hours') === 'hours'} /> Works these hours
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="kind" value="off" defaultChecked={onceValues.kind === 'off'} /> Off that day
            </label>
            {onceErrors.kind ? <p className="text-sm font-semibold text-red-800">{onceErrors.kind}</p> : null}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="once-from" name="from" label="From" type="time" step={900} defaultValue={onceValues.from ?? '10:00'} error={onceErrors.from} />
            <Field id="once-to" name="to" label="Until" type="time" step={900} defaultValue={onceValues.to ?? '20:00'} error={onceErrors.to} />
          </div>
          <div>
            <DeskButton>Save for this date</DeskButton>
          </div>
        </form>
        <h3 className="mt-5 font-semibold">Changes from today on</h3>
        {changes.length === 0 ? (
          <p className="text-stone-700">None: everyone works their weekly shifts.</p>
        ) : (
          <ul aria-label="One-date changes" className="mt-1 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
            {changes.map((c) => (
              <li key={`${c.therapistId}-${c.date}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="min-w-0">
                  <span className="font-semibold">{c.therapistName}</span>, {c.day}: {c.hours}
                  {c.changedBy ? <span className="block text-sm text-stone-700">By {c.changedBy}</span> : null}
                </span>
                <form action={removeShiftChangeAction}>
                  <input type="hidden" name="location" value={location.id} />
                  <input type="hidden" name="therapistId" value={c.therapistId} />
                  <input type="hidden" name="date" value={c.date} />
                  <DeskButton variant="secondary" pendingText="Removing…" label={`Remove the change for ${c.therapistName} on ${c.day}`}>
                    Remove
                  </DeskButton>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
