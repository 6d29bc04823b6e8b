'use client';

import Link from '@/components/ui/AppLink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_CART_MESSAGE, ONE_ITEM_ALLOWED } from '@/components/cart/messages';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { useShopStore, useStoreApis } from '@/stores/provider';
import { requestCheckout, SIGN_IN_TO_CHECK_OUT } from './checkout-request';

type Status = { kind: 'working' } | { kind: 'redirecting' } | { kind: 'failed'; message: string };

/** Until the browser's shop cart is read (server render and hydration), the item count is unknown. */
const UNKNOWN = -1;

/**
 * /checkout/: runs the checkout for the shop cart of this browser (also after signing in), stores the shop's
 * cart id in the shop cart and sends the browser to the checkout address. Failures leave the shop cart as it was.
 * The move replaces /checkout/ in the history: Back from the checkout returns to the page the customer came from,
 * not to this page, which would send them straight on again.
 */
export function CheckoutResume({ navigate = (href: string) => window.location.replace(href) }: { navigate?: (href: string) => void }) {
  const stores = useStoreApis();
  const itemCount = useShopStore((state) => state.cart.pvItems.length, UNKNOWN);
  const [status, setStatus] = useState<Status>({ kind: 'working' });
  const running = useRef(false);

  const start = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    const { cart, setCheckoutId } = stores.shop.getState();
    stores.ui.getState().startProgress();
    try {
      const result = await requestCheckout({ pvIds: cart.pvItems, checkoutId: cart.header.checkoutId });
      if (result.kind === 'sign-in') {
        navigate(SIGN_IN_TO_CHECK_OUT);
      } else if (result.kind === 'failed') {
        setStatus({ kind: 'failed', message: result.message });
        running.current = false;
      } else {
        setCheckoutId(result.checkoutId);
        setStatus({ kind: 'redirecting' });
        navigate(result.checkoutUrl);
      }
    } finally {
      stores.ui.getState().endProgress();
    }
  }, [stores, navigate]);

  useEffect(() => {
    if (itemCount === 0) console.error(EMPTY_CART_MESSAGE);
    if (itemCount === 1) void start();
  }, [itemCount, start]);

  if (itemCount === 0) {
    return (
      <div role="alert" className="space-y-3">
        <p>Your shopping cart is empty. Add a package or bundle, then check out.</p>
        <Link href="/specials/" className="font-semibold text-brand-700 underline">
          See packages and specials
        </Link>
      </div>
    );
  }
  if (itemCount > 1) {
    return (
      <div role="alert">
        <p>{ONE_ITEM_ALLOWED} Remove all but one item from your shopping cart, then check out.</p>
      </div>
    );
  }
  if (status.kind === 'failed') {
    return (
      <div role="alert" className="space-y-3">
        <p>{status.message}</p>
        <button
          type="button"
          onClick={() => {
            setStatus({ kind: 'working' });
            void start();
          }}
          className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white"
        >
          Try again
        </button>
      </div>
    );
  }
  // Only a script ends either state: without one the page's notice says what to do instead.
  return <LoadingStatus>{status.kind === 'redirecting' ? 'Taking you to the secure checkout…' : 'Preparing your checkout…'}</LoadingStatus>;
}
