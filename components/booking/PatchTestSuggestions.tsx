'use client';

import { cardServiceIds, type BookingCard } from '@/lib/booking/card';
import type { PatchTestSuggestion, ServiceSummary } from './booking-types';

/** The suggestions whose patch test is not in the card yet: those shown. */
export function notInCard(suggestions: readonly PatchTestSuggestion[], card: BookingCard): PatchTestSuggestion[] {
  const inCard = new Set(cardServiceIds(card));
  return suggestions.filter((s) => !inCard.has(s.patch.id));
}

/**
 * The free patch test of each laser service in the cart, offered, never required (docs/decisions.md); it goes once
 * the patch test is in the cart.
 */
export function PatchTestSuggestions({ suggestions, card, onAdd }: { suggestions: readonly PatchTestSuggestion[]; card: BookingCard; onAdd: (patch: ServiceSummary) => void }) {
  const shown = notInCard(suggestions, card);
  if (shown.length === 0) return null;
  return (
    <aside aria-labelledby="patch-test-heading" className="rounded-xl border border-amber-400 bg-amber-50 p-4 text-sm">
      <h2 id="patch-test-heading" className="font-semibold">
        A patch test comes first
      </h2>
      <p className="mt-1">
        Laser treatments start with a free patch test of the area. You can add it to this visit; booking without it is fine if you have had one
        with us.
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {shown.map((s) => (
          <li key={s.patch.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {s.patch.name} patch test, for {s.laserName} ({s.patch.shownDuration}, free)
            </span>
            <button type="button" onClick={() => onAdd(s.patch)} className="rounded-lg border border-brand-700 bg-white px-3 py-2 font-semibold text-brand-700">
              Add the free {s.patch.name} patch test
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
