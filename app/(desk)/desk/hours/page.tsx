import type { Metadata } from 'next';
import { Field } from '@/components/account/Field';
import { addSpecialAction, removeSpecialAction, saveWeekAction } from '@/components/desk/hours-actions';
import { AffectedAppointments, DeskButton, Flash, SelectField } from '@/components/desk/ScheduleParts';
import Link from '@/components/ui/AppLink';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { formatLongDate } from '@/lib/booking/schedule';
import { formatDayHours, minuteToTime } from '@/lib/catalog/day-hours';
import { LOCATIONS } from '@/lib/catalog/tables';
import { getDb } from '@/lib/db';
import { hoursOfLocationNow, locationBySlug, MAX_NOTE_LENGTH } from '@/lib/desk/hours';
import { CLOSING_CHOICES, HOURS_FORM, hoursPagePath, noticeChoices, OPENING_CHOICES, weekField } from '@/lib/desk/hours-form';
import { WEEKDAYS } from '@/lib/desk/schedule';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Opening hours' };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Monday first, as the salon's week reads. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * The owner's opening hours (issue 33, item 5): per location, the week, special hours of single dates and the minimum
 * notice of online bookings, with the booked visits a change leaves outside the hours. Plain forms that post to server
 * actions calling the API's handlers, so the page works without scripts.
 */
export default async function HoursPage({ searchParams }: { searchParams: Search }) {
  await requireOwnerPage('/desk/hours/');
  const params = await searchParams;
  const flash = await readFormFlash(HOURS_FORM, params.form);
  const location = (typeof params.location === 'string' ? locationBySlug(params.location) : undefined) ?? LOCATIONS[0];
  const { today, hours, outside } = await hoursOfLocationNow(await getDb(), location.id);
  const errors = flash?.outcome === 'error' ? flash.fields : {};
  const values = flash?.outcome === 'error' ? flash.values : {};
  const weekValues = values[weekField.notice] !== undefined;
  const specialValues = !weekValues && values.date !== undefined;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Opening hours</h1>
      <p className="mt-1 text-stone-700">
        Each location&apos;s week, the dates it opens differently (a short day, a late night) and how long before a visit customers must book online, in
        New York time. Slots, visit times, the desk&apos;s day and the location pages follow a change at once; a change of the week applies from
        today, and earlier days keep the hours they had (the reports count them so). Whole days closed are{' '}
        <Link href="/desk/closures/" prefetch={false} className="font-semibold text-brand-800 underline">
          closures
        </Link>
        .
      </p>
      <nav aria-label="Locations" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {LOCATIONS.map((l) => (
            <li key={l.id}>
              <Link
                href={hoursPagePath(l.slug)}
                prefetch={false}
                aria-current={l.id === location.id ? 'page' : undefined}
                className="inline-block rounded-full border border-brand-700 px-4 py-1.5 font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {l.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Flash state={flash} />
      {outside.length > 0 ? <AffectedAppointments heading={`Booked outside the opening hours at ${location.name}`} items={outside} /> : null}

      <form action={saveWeekAction} noValidate aria-labelledby="week-heading" className="mt-6 rounded-lg border border-stone-200 p-4">
        <h2 id="week-heading" className="text-xl font-bold">
          The week at {location.name}
        </h2>
        <input type="hidden" name="location" value={location.slug} />
        <div className="mt-2 flex flex-col divide-y divide-stone-200">
          {WEEK_ORDER.map((weekday) => {
            const day = hours.week[weekday];
            const value = (name: string, stored: string) => (weekValues ? (values[name] ?? stored) : stored);
            const closed = weekValues ? values[weekField.closed(weekday)] === 'on' : day.closed;
            return (
              <fieldset key={weekday} className="py-3">
                <legend className="font-semibold">{WEEKDAYS[weekday]}</legend>
                <div className="grid grid-cols-2 items-end gap-3 pt-1 sm:grid-cols-[1fr_1fr_auto]">
                  <SelectField
                    id={weekField.open(weekday)}
                    name={weekField.open(weekday)}
                    label="Opens"
                    options={OPENING_CHOICES}
                    defaultValue={value(weekField.open(weekday), minuteToTime(day.open))}
                    error={errors[weekField.open(weekday)]}
                  />
                  <SelectField
                    id={weekField.close(weekday)}
                    name={weekField.close(weekday)}
                    label="Closes"
                    options={CLOSING_CHOICES}
                    defaultValue={value(weekField.close(weekday), minuteToTime(day.close))}
                    error={errors[weekField.close(weekday)]}
                  />
                  <label className="col-span-2 flex items-center gap-2 py-2 font-semibold sm:col-span-1">
                    <input type="checkbox" name={weekField.closed(weekday)} defaultChecked={closed} className="size-5 accent-brand-700" />
                    Closed all day
                  </label>
                </div>
              </fieldset>
            );
          })}
        </div>
        <div className="mt-3 max-w-sm">
          <SelectField
            id={weekField.notice}
            name={weekField.notice}
            label="Minimum notice for online bookings"
            options={noticeChoices(hours.minNoticeMinutes)}
            defaultValue={weekValues ? values[weekField.notice] : String(hours.minNoticeMinutes)}
            error={errors[weekField.notice]}
            aria-describedby={errors[weekField.notice] ? `${weekField.notice}-error notice-hint` : 'notice-hint'}
          />
          <p id="notice-hint" className="mt-1 text-sm text-stone-700">
            Customers cannot book online sooner than this from now; the desk can book any free time.
          </p>
        </div>
        <div className="mt-4">
          <DeskButton>Save the week</DeskButton>
        </div>
      </form>

      <section aria-labelledby="special-heading" className="mt-8">
        <h2 id="special-heading" className="text-xl font-bold">
          Special hours at {location.name}
        </h2>
        <p className="mt-1 text-stone-700">Dates that open differently from their weekday. They replace that day&apos;s hours; a closure still closes the day.</p>
        {hours.special.length === 0 ? (
          <p className="mt-2">No special hours from today on.</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
            {hours.special.map((day) => (
              <li key={day.date} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="min-w-0 break-words">
                  <strong>{formatLongDate(day.date)}</strong>: {formatDayHours(day)}
                  {day.note ? ` (${day.note})` : ''}
                </span>
                <form action={removeSpecialAction}>
                  <input type="hidden" name="location" value={location.slug} />
                  <input type="hidden" name="date" value={day.date} />
                  <DeskButton variant="secondary" pendingText="Removing…" label={`Remove the special hours on ${formatLongDate(day.date)}`}>
                    Remove
                  </DeskButton>
                </form>
              </li>
            ))}
          </ul>
        )}

        <form action={addSpecialAction} noValidate aria-labelledby="add-special-heading" className="mt-4 flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
          <h3 id="add-special-heading" className="font-semibold">
            Add special hours for a date
          </h3>
          <input type="hidden" name="location" value={location.slug} />
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id="special-date" name="date" label="Date" type="date" min={today} defaultValue={specialValues ? values.date : undefined} error={errors.date} required />
            <SelectField id="special-open" name="open" label="Opens" options={OPENING_CHOICES} defaultValue={specialValues ? values.open : '10:00'} error={errors.open} />
            <SelectField id="special-close" name="close" label="Closes" options={CLOSING_CHOICES} defaultValue={specialValues ? values.close : '20:00'} error={errors.close} />
          </div>
          <Field
            id="special-note"
            name="note"
            label="Note (optional)"
            maxLength={MAX_NOTE_LENGTH}
            placeholder="Late night"
            defaultValue={specialValues ? values.note : undefined}
            error={errors.note}
          />
          <div>
            <DeskButton>Add special hours</DeskButton>
          </div>
        </form>
      </section>
    </div>
  );
}
