'use client';

import { LOCATIONS } from '@/lib/catalog/tables';
import { NO_LOCATION_BOOKS_CART } from './messages';

/**
 * Where the booking is, and the one place besides a menu's notice where the customer changes it: a row of buttons
 * rather than a select or radios, whose arrow keys would move the cart through every location on the way. It offers
 * the locations that can book the cart (`bookable`, stores/card-edits.ts locationsTaking) beside the current one, and
 * says so when there is none.
 */
export function LocationPicker({
  idPrefix,
  current,
  bookable,
  onChoose,
}: {
  idPrefix: string;
  current: number;
  bookable: readonly number[];
  onChoose: (location: number) => void;
}) {
  return (
    <div role="group" aria-labelledby={`${idPrefix}-location`} className="flex flex-wrap items-center gap-2 text-sm">
      <span id={`${idPrefix}-location`} className="font-semibold">
        Location
      </span>
      {LOCATIONS.filter((location) => location.id === current || bookable.includes(location.id)).map((location) => {
        const chosen = location.id === current;
        return (
          <button
            key={location.id}
            type="button"
            aria-pressed={chosen}
            onClick={() => {
              if (!chosen) onChoose(location.id);
            }}
            className={`min-h-9 rounded-full border px-3 py-1 font-semibold ${chosen ? 'border-brand-700 bg-brand-700 text-white' : 'border-brand-100 text-brand-800 hover:border-brand-700'}`}
          >
            {location.name}
          </button>
        );
      })}
      {bookable.length === 0 ? <p className="basis-full text-amber-950">{NO_LOCATION_BOOKS_CART}</p> : null}
    </div>
  );
}
