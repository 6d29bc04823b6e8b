'use client';

import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import type { MenuTabId } from '@/lib/content/catalog-pages';
import { useServerSavedState } from '@/stores/server-saved-state';
import { ReplaceRoute } from './ReplaceRoute';

/**
 * A bare tab (/services/laser/) shows the visitor's current gender, read from the booking card by the server. The
 * prerendered page has no saved state, so it shows the default (women's) menu and stays one static file; a visitor
 * whose card is for men is served the twin, which knows the gender and moves to the men's menu.
 */
export function GenderRedirect({ tabId, locationSlug }: { tabId: MenuTabId; locationSlug?: string }) {
  const gender = useServerSavedState()?.gender;
  if (gender !== '1') return null;
  return <ReplaceRoute href={servicesPath(segmentForTab(tabId, 1), locationSlug)} />;
}
