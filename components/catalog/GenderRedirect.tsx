'use client';

import { useCardStore, useSavedStateLoaded } from '@/stores/provider';
import { ReplaceRoute } from './ReplaceRoute';

/**
 * A bare tab (/services/laser/) shows the women's menu, the same prerendered file for everybody; a visitor whose
 * booking card is for men moves on to the men's menu (`menHref`, worked out on the server so that the route table
 * stays out of the page's scripts) once the saved state is in.
 */
export function GenderRedirect({ menHref }: { menHref: string }) {
  const loaded = useSavedStateLoaded();
  const gender = useCardStore((state) => state.card.gender);
  if (!loaded || gender !== 'men') return null;
  return <ReplaceRoute href={menHref} />;
}
