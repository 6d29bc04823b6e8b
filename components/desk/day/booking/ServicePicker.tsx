'use client';

import { useId, useState } from 'react';
import { matchesQuery, type DeskService, type DeskServiceArea } from '@/lib/desk/desk-booking';

const SEARCH_LIMIT = 8;

function ServiceButton({ service, onAdd }: { service: DeskService; onAdd: (service: DeskService) => void }) {
  return (
    <li>
      <button type="button" onClick={() => onAdd(service)} className="flex min-h-11 w-full items-center justify-between gap-2 rounded border border-stone-300 px-2 py-1 text-left text-sm hover:bg-brand-50">
        <span>
          {service.name} <span className="text-stone-700">{service.kind}</span>
        </span>
        <span className="shrink-0 text-stone-700">
          {service.duration} min · ${service.price}
        </span>
      </button>
    </li>
  );
}

/**
 * The services of the booking: those chosen (in the order they chain), a search over the location's desk services and
 * their areas as a category list (one tap opens an area, one adds a service).
 */
export function ServicePicker({
  areas,
  chosen,
  onChange,
}: {
  areas: readonly DeskServiceArea[];
  chosen: readonly DeskService[];
  onChange: (services: DeskService[]) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<number>();
  const taken = new Set(chosen.map((s) => s.id));
  const all = areas.flatMap((a) => a.services).filter((s) => !taken.has(s.id));
  const found = query.trim() ? all.filter((s) => matchesQuery(s, query)).slice(0, SEARCH_LIMIT) : [];
  const add = (service: DeskService) => {
    onChange([...chosen, service]);
    setQuery('');
  };

  return (
    <div>
      {chosen.length > 0 ? (
        <ul aria-label="Services chosen" className="mb-2 flex flex-col gap-1">
          {chosen.map((service) => (
            <li key={service.id} className="flex items-center justify-between gap-2 rounded bg-stone-100 px-2 py-1 text-sm">
              <span>
                {service.name} <span className="text-stone-700">({service.kind}, {service.duration} min)</span>
              </span>
              <button
                type="button"
                onClick={() => onChange(chosen.filter((s) => s.id !== service.id))}
                className="min-h-11 min-w-11 rounded border border-stone-300 px-2 font-semibold text-brand-800"
                aria-label={`Remove ${service.name} (${service.kind})`}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="block text-sm font-semibold" htmlFor={`${id}-q`}>
        Find a service
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Brazilian, facial, brow…"
        autoComplete="off"
        className="mt-1 block w-full rounded border border-stone-400 px-2 py-2 text-base"
      />
      {query.trim() ? (
        found.length > 0 ? (
          <ul aria-label="Services found" className="mt-1 flex flex-col gap-1">
            {found.map((service) => (
              <ServiceButton key={service.id} service={service} onAdd={add} />
            ))}
          </ul>
        ) : (
          <p role="status" className="mt-1 text-xs text-stone-700">
            No service here matches.
          </p>
        )
      ) : null}
      <div role="group" aria-label="Service categories" className="mt-2 flex flex-wrap gap-1">
        {areas.map((area) => (
          <button
            key={area.id}
            type="button"
            aria-expanded={open === area.id}
            aria-controls={`${id}-area`}
            onClick={() => setOpen(open === area.id ? undefined : area.id)}
            className={`min-h-11 rounded border px-3 text-sm font-semibold ${open === area.id ? 'border-brand-800 bg-brand-800 text-white' : 'border-stone-300 text-brand-800'}`}
          >
            {area.name}
          </button>
        ))}
      </div>
      <div id={`${id}-area`}>
        {open !== undefined ? (
          <ul aria-label={areas.find((a) => a.id === open)?.name} className="mt-2 flex max-h-72 flex-col gap-1 overflow-y-auto">
            {(areas.find((a) => a.id === open)?.services ?? [])
              .filter((s) => !taken.has(s.id))
              .map((service) => (
                <ServiceButton key={service.id} service={service} onAdd={add} />
              ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
