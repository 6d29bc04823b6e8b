'use client';

import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import type { MenuTabId } from '@/lib/content/catalog-pages';
import { useCardStore, useSavedStateLoaded } from '@/stores/provider';
import { ReplaceRoute } from './ReplaceRoute';

/**
 * A bare tab (/services/laser/) shows the women's menu, the same prerendered file for everybody; a visitor whose
 * booking card is for men moves on to the men's menu once the saved state is in.
 */
export function GenderRedirect({ tabId, locationSlug }: { tabId: MenuTabId; locationSlug?: string }) {
  const loaded = useSavedStateLoaded();
  const gender = useCardStore((state) => state.card.header.gender);
  if (!loaded || gender !== '1') return null;
  return <ReplaceRoute href={servicesPath(segmentForTab(tabId, 1), locationSlug)} />;
}
