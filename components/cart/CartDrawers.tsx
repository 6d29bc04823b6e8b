'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useUiStore } from '@/stores/provider';
import type { CheckoutDeps } from './checkout';

const Drawers = dynamic(() => import('./Drawers'), { ssr: false });

/** Loads the drawers (Radix Dialog and the catalogue names) on the first opening only. */
export function CartDrawers({ onCheckout }: { onCheckout?: (deps: CheckoutDeps) => void }) {
  const anyOpen = useUiStore((state) => state.drawers.shop || state.drawers.booking);
  const [needed, setNeeded] = useState(false);
  if (anyOpen && !needed) setNeeded(true);
  return needed ? <Drawers onCheckout={onCheckout} /> : null;
}
