'use client';

import { useEffect } from 'react';
import { useStoreApis } from '@/stores/provider';

/** After the order is paid, the shop cart that started this checkout is emptied (its badge goes away). */
export function ClearPaidCart({ checkoutId }: { checkoutId: string }) {
  const { shop } = useStoreApis();
  useEffect(() => {
    if (shop.getState().cart.header.checkoutId === checkoutId) shop.getState().cleanAll();
  }, [shop, checkoutId]);
  return null;
}
