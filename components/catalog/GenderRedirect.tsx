import { Suspense } from 'react';
import { personalState } from '@/components/ui/personal-state';
import { segmentForTab, servicesPath } from '@/lib/catalog/routes';
import type { MenuTabId } from '@/lib/content/catalog-pages';
import { ReplaceRoute } from './ReplaceRoute';

/** A personal hole: a bare tab (/services/laser/) shows the visitor's current gender, read from the booking card. */
async function VisitorGender({ tabId, locationSlug }: { tabId: MenuTabId; locationSlug?: string }) {
  const { card } = await personalState();
  if (card.header.gender !== '1') return null;
  return <ReplaceRoute href={servicesPath(segmentForTab(tabId, 1), locationSlug)} />;
}

export function GenderRedirect(props: { tabId: MenuTabId; locationSlug?: string }) {
  return (
    <Suspense fallback={null}>
      <VisitorGender {...props} />
    </Suspense>
  );
}
