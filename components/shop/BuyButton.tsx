'use client';

import { sameId } from '@/stores/card-store';
import { useStoreApis, useWaitingTap } from '@/stores/provider';

/**
 * Puts a package or bundle in the shop cart and shows the cart. One item is checked out at a time, so while the cart
 * holds another, the cart opens offering this one in its place instead of holding two (the cart page does the same
 * for a Buy posted before the scripts run).
 */
export function BuyButton({ pvId, title }: { pvId: string; title: string }) {
  const stores = useStoreApis();
  const tap = useWaitingTap();
  function buy() {
    const { shop, ui } = stores;
    const held = shop.getState().cart.pvItems;
    if (held.length > 0 && !held.some((id) => sameId(id, pvId))) return ui.getState().offerShopItem(pvId);
    if (shop.getState().addItem(pvId) === 'duplicate') ui.getState().notify({ variant: 'info', message: `${title} is already in your shopping cart.` });
    ui.getState().openDrawer('shop');
  }
  // A form, so that a tap before the scripts run (or without them) is not lost: the browser posts it and the cart page
  // shows the cart (lib/shopify/cart-forms.ts). Once they run, the tap is the button's and the form is not sent.
  return (
    <form method="post" action="/cart/add/" className="contents">
      <input type="hidden" name="item" value={pvId} />
      <button
        type="submit"
        data-pv-id={pvId}
        onClick={(event) => {
          event.preventDefault();
          tap.run(buy);
        }}
        aria-label={`Buy: ${title}`}
        aria-busy={tap.waiting || undefined}
        className="btn-buy"
      >
        Buy
      </button>
    </form>
  );
}
