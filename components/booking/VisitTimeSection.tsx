'use client';

import { AREAS, type AreaId } from '@/lib/catalog/tables';
import { areaDay, type BookingArea } from '@/lib/booking/card';
import type { ServiceSummary } from './booking-types';
import { chosenTime, type TimeChoices } from './build-card';
import type { VisitTime } from './visit-client';
import { VisitPicker } from './VisitPicker';
import { areaRequest } from './visit-pickers';

export interface VisitTimeSectionProps {
  areas: readonly BookingArea[];
  location: string;
  services: Record<string, ServiceSummary>;
  times: TimeChoices;
  /** The day of the chosen visit, when every area has a time on one day. */
  visitDate: string | undefined;
  today: string;
  lastDay: string;
  disabled: boolean;
  onChoose: (date: string, visit: VisitTime | undefined) => void;
  /** To a time per service. */
  onEachTime: () => void;
}

/** One time for the whole visit: the cart's areas back to back, in card order, from one start time. */
export function VisitTimeSection({ areas, location, services, times, visitDate, today, lastDay, disabled, onChoose, onEachTime }: VisitTimeSectionProps) {
  // A visit time is the chosen one when every area has that leg's time on that day.
  const isChosen = (date: string, visit: VisitTime) =>
    visit.legs.length === areas.length &&
    visit.legs.every((leg) => {
      const area = areas.find((a) => a.area === leg.areaId);
      return area !== undefined && areaDay(area) === date && chosenTime(area, times) === leg.time;
    });
  return (
    <section aria-labelledby="visit-when-heading" className="flex flex-col gap-4 rounded-xl border border-brand-100 p-4">
      <h2 id="visit-when-heading" className="scroll-mt-20 text-xl font-semibold">
        {areas.length > 1 ? 'One time for your whole visit' : 'Day and time'}
      </h2>
      {areas.length > 1 ? (
        <p className="text-sm text-gray-800">Your services follow each other: {areas.map((area) => AREAS[area.area as AreaId] ?? `Area ${area.area}`).join(', then ')}.</p>
      ) : null}
      <VisitPicker
        location={location}
        areas={areas.map((area) => areaRequest(area, services))}
        today={today}
        lastDay={lastDay}
        chosenDate={visitDate}
        isChosen={isChosen}
        onChoose={onChoose}
        disabled={disabled}
      />
      <button type="button" disabled={disabled} onClick={onEachTime} className="self-start text-sm font-semibold text-brand-700 underline">
        Choose times per service
      </button>
    </section>
  );
}
