'use client';

import { formatUsd } from '@/lib/catalog/format';
import { AREAS, type AreaId } from '@/lib/catalog/tables';
import { areaDay, areaServiceIds, type BookingArea } from '@/lib/booking/card';
import { AreaChoices } from './AreaChoices';
import type { OwnedPackageSummary, ServiceSummary, TherapistOption } from './booking-types';
import { areaMinutes } from './build-card';
import { VisitPicker } from './VisitPicker';
import { areaRequest } from './visit-pickers';

export interface AreaSectionProps {
  area: BookingArea;
  location: string;
  services: Record<string, ServiceSummary>;
  /** Line id -> the package that covers it (packageCoverage). */
  covered: ReadonlyMap<string, OwnedPackageSummary>;
  therapists: readonly TherapistOption[];
  time: string | undefined;
  today: string;
  lastDay: string;
  note: string;
  disabled: boolean;
  /** The day and time are the whole visit's: the area chooses its therapist alone. */
  therapistOnly: boolean;
  onRemove: (serviceId: string) => void;
  onTherapist: (therapistId: number) => void;
  onDate: (date: string) => void;
  onTime: (time: string | undefined) => void;
  onNote: (note: string) => void;
}

/** One area of the booking cart: its services with price or package and Remove, its choices, and its note. */
export function AreaSection(props: AreaSectionProps) {
  const { area, location, services, covered, therapists, time, today, lastDay, note, disabled, therapistOnly } = props;
  const areaName = AREAS[area.area as AreaId] ?? `Area ${area.area}`;
  const day = areaDay(area);
  const duration = areaMinutes(area, services);
  const serviceIds = areaServiceIds(area);
  return (
    <section aria-labelledby={`area-${area.area}`} className="flex flex-col gap-4 rounded-xl border border-brand-100 p-4">
      <h2 id={`area-${area.area}`} className="text-xl font-semibold">
        {areaName}
      </h2>
      <ul className="flex flex-col gap-2">
        {serviceIds.map((id) => {
          const service = services[id];
          const pkg = covered.get(id);
          return (
            <li key={id} className="flex flex-wrap items-baseline justify-between gap-2 border-b border-brand-50 pb-2">
              <span>
                <span className="font-semibold">{service?.name ?? 'Service'}</span>
                {service ? <span className="text-sm text-gray-700"> · {service.shownDuration}</span> : null}
              </span>
              <span className="flex items-center gap-3 text-sm">
                {pkg ? (
                  <span className="font-semibold text-green-800">
                    Covered by your package {pkg.title}
                    {pkg.sessionsLeft === null ? null : ` (${pkg.sessionsLeft} ${pkg.sessionsLeft === 1 ? 'session' : 'sessions'} left)`}
                  </span>
                ) : service ? (
                  <span>{service.price === 0 ? 'Free' : formatUsd(service.price)}</span>
                ) : null}
                <button type="button" onClick={() => props.onRemove(id)} className="rounded px-2 py-1 text-brand-700 underline" aria-label={`Remove ${service?.name ?? 'this service'}`}>
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <AreaChoices
        idPrefix={`area${area.area}`}
        location={location}
        areaId={area.area}
        areaName={areaName}
        therapists={therapists}
        therapist={area.therapist}
        date={day}
        time={time}
        duration={duration}
        serviceIds={serviceIds}
        today={today}
        lastDay={lastDay}
        disabled={disabled}
        therapistOnly={therapistOnly}
        onTherapist={props.onTherapist}
        onDate={props.onDate}
        onTime={props.onTime}
        timeChooser={
          // The same day strip and grouped times as one time for the whole visit, for this area alone.
          <VisitPicker
            location={location}
            areas={[areaRequest(area, services)]}
            areaName={areaName}
            today={today}
            lastDay={lastDay}
            day={day || undefined}
            onDay={props.onDate}
            chosenDate={time ? day : undefined}
            isChosen={(date, visit) => date === day && visit.time === time}
            chosenTime={time}
            onChoose={(date, visit) => {
              // The strip's first day with a time is shown without being written: the date is the area's once a time is.
              if (visit && date !== day) props.onDate(date);
              props.onTime(visit?.time);
            }}
            disabled={disabled}
          />
        }
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`area${area.area}-note`} className="text-sm font-semibold">
          Note for {areaName} (optional)
        </label>
        <textarea
          id={`area${area.area}-note`}
          value={note}
          maxLength={500}
          rows={2}
          onChange={(event) => props.onNote(event.target.value)}
          className="rounded-lg border border-gray-400 px-3 py-2"
        />
      </div>
    </section>
  );
}
