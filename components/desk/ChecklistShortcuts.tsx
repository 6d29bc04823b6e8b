'use client';

import { useEffect, useRef } from 'react';

/**
 * The team editor's shortcuts, once scripts run: ticking 'All of Hair Removal' or 'All Women's Waxing' ticks every
 * service under it, and a group's box shows whether all, some (indeterminate) or none of its services are ticked; a
 * location's summary counts its services. The checkboxes are the server's HTML and work without this: the server
 * reads a ticked group box as every service under it (lib/team/service-tree.ts). One listener on the form, so the
 * page's thousand boxes carry no props to the client.
 */
export function ChecklistShortcuts() {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    const boxes = (root: Element, selector: string) => [...root.querySelectorAll<HTMLInputElement>(selector)];
    const syncGroup = (group: Element) => {
      const all = group.querySelector<HTMLInputElement>('input[data-all]');
      const services = boxes(group, 'input[data-service]');
      const ticked = services.filter((box) => box.checked).length;
      if (!all) return;
      all.checked = services.length > 0 && ticked === services.length;
      all.indeterminate = ticked > 0 && ticked < services.length;
    };
    const syncCount = (place: Element | null) => {
      const count = place?.querySelector('[data-count]');
      if (!place || !count) return;
      const ticked = boxes(place, 'input[data-service]').filter((box) => box.checked).length;
      count.textContent = ticked === 0 ? 'not working here' : `${ticked} service${ticked === 1 ? '' : 's'}`;
    };
    const onChange = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'checkbox') return;
      if (input.dataset.all !== undefined) {
        for (const box of boxes(input.closest('[data-group]') ?? input, 'input[type="checkbox"]')) {
          box.checked = input.checked;
          box.indeterminate = false;
        }
      }
      for (let group = input.closest('[data-group]'); group; group = group.parentElement?.closest('[data-group]') ?? null) syncGroup(group);
      syncCount(input.closest('[data-location]'));
    };
    form.addEventListener('change', onChange);
    for (const group of form.querySelectorAll('[data-group]')) syncGroup(group);
    return () => form.removeEventListener('change', onChange);
  }, []);
  return <span ref={anchor} hidden />;
}
