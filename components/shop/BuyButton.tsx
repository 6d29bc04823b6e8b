'use client';

import { SHOP_MAX_ITEMS } from '@/lib/persistence/model';
import { useStoreApis, useWaitingTap } from '@/stores/provider';

/** Puts a package or bundle in the shop cart and shows the cart. */
export function BuyButton({ pvId, title }: { pvId: string; title: string }) {
  const stores = useStoreApis();
  const tap = useWaitingTap();
  function buy() {
    const result = stores.shop.getState().addItem(pvId);
    if (result === 'full') {
      stores.ui.getState().notify({ variant: 'warning', message: `Your shopping cart holds at most ${SHOP_MAX_ITEMS} items.` });
      return;
    }
    if (result === 'duplicate') stores.ui.getState().notify({ variant: 'info', message: `${title} is already in your shopping cart.` });
    stores.ui.getState().openDrawer('shop');
  }
  return (
    <button type="button" data-pv-id={pvId} onClick={() => tap.run(buy)} aria-label={`Buy: ${title}`} aria-busy={tap.waiting || undefined} className="btn-buy">
      Buy
    </button>
  );
}
