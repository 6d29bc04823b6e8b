import type { AreaGroup } from '@/lib/team/service-tree';
import { ChecklistShortcuts } from './ChecklistShortcuts';

/**
 * What a therapist does at each location: per location a section that opens (the ones they work at are open), per
 * area and per menu tab a box for all of it, and each service's own box. Plain checkboxes posted with the form; the
 * shortcuts' ticking along is ChecklistShortcuts, once scripts run.
 */
export function ServiceChecklist({
  locations,
  tree,
  chosen,
}: {
  locations: readonly { slug: string; name: string }[];
  tree: readonly AreaGroup[];
  /** The ticked services by location slug. */
  chosen: Readonly<Record<string, ReadonlySet<string>>>;
}) {
  return (
    <div className="flex flex-col gap-3">
      <ChecklistShortcuts />
      {locations.map((location) => {
        const ticked = chosen[location.slug] ?? new Set<string>();
        const all = (ids: readonly { id: string }[]) => ids.length > 0 && ids.every((service) => ticked.has(service.id));
        return (
          <details key={location.slug} data-location open={ticked.size > 0} className="rounded-lg border border-stone-300">
            <summary className="cursor-pointer px-3 py-2 font-semibold">
              {location.name}: <span data-count>{ticked.size === 0 ? 'not working here' : `${ticked.size} service${ticked.size === 1 ? '' : 's'}`}</span>
            </summary>
            <div className="flex flex-col gap-3 border-t border-stone-200 p-3">
              {tree.map((area) => {
                const areaServices = area.tabs.flatMap((tab) => tab.services);
                return (
                  <fieldset key={area.areaId} data-group className="min-w-0 rounded border border-stone-200 p-2">
                    <legend className="px-1 font-semibold">{area.label}</legend>
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name={`area:${location.slug}`} value={area.areaId} data-all defaultChecked={all(areaServices)} className="size-4" />
                      All of {area.label} at {location.name}
                    </label>
                    {area.tabs.map((tab) => (
                      <fieldset key={tab.key} data-group className="mt-2 min-w-0 border-l-2 border-stone-200 pl-3">
                        <legend className="sr-only">{tab.label}</legend>
                        <label className="flex items-center gap-2">
                          <input type="checkbox" name={`tab:${location.slug}`} value={tab.key} data-all defaultChecked={all(tab.services)} className="size-4" />
                          All {tab.label} at {location.name}
                        </label>
                        <details className="mt-1">
                          <summary className="cursor-pointer text-sm text-brand-800 underline">
                            {tab.label} one by one ({tab.services.length})
                          </summary>
                          <ul className="mt-1 grid gap-x-4 sm:grid-cols-2">
                            {tab.services.map((service) => (
                              <li key={service.id} className="min-w-0">
                                <label className="flex items-start gap-2 py-0.5 text-sm">
                                  <input type="checkbox" name={`service:${location.slug}`} value={service.id} data-service defaultChecked={ticked.has(service.id)} className="mt-0.5 size-4 shrink-0" />
                                  <span className="min-w-0 break-words">{service.name}</span>
                                </label>
                              </li>
                            ))}
                          </ul>
                        </details>
                      </fieldset>
                    ))}
                  </fieldset>
                );
              })}
            </div>
          </details>
        );
      })}
    </div>
  );
}
