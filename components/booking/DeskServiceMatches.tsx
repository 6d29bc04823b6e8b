'use client';

import { formatUsd } from '@/lib/catalog/format';
import { searchWords } from '@/lib/catalog/search';
import type { DeskServiceOption, ServiceSummary } from './booking-types';

type Option = DeskServiceOption & ServiceSummary;

const SHOWN = 8;

/** Services whose label and name hold every typed word (the start of a word is enough). */
export function matchServices<T extends { label: string; name: string }>(services: readonly T[], text: string): T[] {
  const words = searchWords(text);
  if (words.length === 0) return [];
  return services.filter((service) => {
    const haystack = searchWords(`${service.label} ${service.name}`);
    return words.every((word) => haystack.some((h) => h.startsWith(word)));
  });
}

export interface DeskServiceMatchesProps {
  text: string;
  options: readonly DeskServiceOption[];
  services: Record<string, ServiceSummary>;
  onAdd: (service: ServiceSummary) => void;
  disabled: boolean;
}

/** The services matching the desk's search, each with an Add button (loaded once something is typed). */
export function DeskServiceMatches({ text, options, services, onAdd, disabled }: DeskServiceMatchesProps) {
  const all = options.flatMap((option): Option[] => (services[option.id] ? [{ ...services[option.id]!, ...option }] : []));
  const found = matchServices(all, text);
  if (found.length === 0) return <p>No service matches.</p>;
  return (
    <>
      <ul aria-label="Services found" className="flex flex-col divide-y divide-stone-200">
        {found.slice(0, SHOWN).map((service) => (
          <li key={service.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0">
              <span className="font-semibold">{service.name}</span>{' '}
              <span className="text-sm text-gray-800">
                · {service.label} · {service.shownDuration} · {service.price === 0 ? 'Free' : formatUsd(service.price)}
              </span>
            </span>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAdd(service)}
              aria-label={`Add ${service.name} (${service.label})`}
              className="rounded-lg border border-brand-700 bg-white px-3 py-1 font-semibold text-brand-700"
            >
              Add
            </button>
          </li>
        ))}
      </ul>
      {found.length > SHOWN ? <p className="text-sm text-gray-700">{found.length - SHOWN} more: type more of the name.</p> : null}
    </>
  );
}
