'use client';

import Link from '@/components/ui/AppLink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_CART_MESSAGE, ONE_ITEM_ALLOWED } from '@/components/cart/messages';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { useShopStore, useStoreApis } from '@/stores/provider';
import { requestCheckout, SIGN_IN_TO_CHECK_OUT } from './checkout-request';

type Status = { kind: 'working' } | { kind: 'redirecting' } | { kind: 'failed'; message: string; code?: string };

/** Until the browser's shop cart is read (server render and hydration), the item count is unknown. */
const UNKNOWN = -1;

/** Refusals of this item to this customer (lib/shopify/errors.ts): asking again changes nothing. */
const REFUSED_TO_CUSTOMER = ['already-bought', 'not-new-client'];
/** The item itself cannot be bought online. */
const ITEM_NOT_SOLD = ['unknown-item', 'not-in-shop'];

function leave(href: string) {
  window.location.replace(href);
}

const BUTTON = 'min-h-11 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800';

/**
 * /checkout/: runs the checkout for the shop cart of this browser (also after signing in), stores the shop's
 * cart id in the shop cart and sends the browser to the checkout address. The checkout is asked once when the page
 * opens; a refusal or a failure says why and offers the ways out (remove the item, sign in with another account, try
 * again), each by a tap, and nothing is asked again on its own. Failures leave the shop cart as it was.
 * The move replaces /checkout/ in the history: Back from the checkout returns to the page the customer came from,
 * not to this page, which would send them straight on again.
 */
export function CheckoutResume({ navigate = leave }: { navigate?: (href: string) => void }) {
  const stores = useStoreApis();
  const itemCount = useShopStore((state) => state.cart.pvItems.length, UNKNOWN);
  const [status, setStatus] = useState<Status>({ kind: 'working' });
  const running = useRef(false);
  const asked = useRef(false);
  const openedEmpty = useRef<boolean | undefined>(undefined);
  // After a tap here (Try again, Remove) the focus goes to what replaced the button, not to the page's body.
  const focusNext = useRef(false);
  const box = useRef<HTMLDivElement>(null);

  const start = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setStatus({ kind: 'working' });
    const { cart, setCheckoutId } = stores.shop.getState();
    stores.ui.getState().startProgress();
    try {
      const result = await requestCheckout({ pvIds: cart.pvItems, checkoutId: cart.header.checkoutId });
      if (result.kind === 'sign-in') {
        navigate(SIGN_IN_TO_CHECK_OUT);
      } else if (result.kind === 'failed') {
        setStatus({ kind: 'failed', message: result.message, code: result.code });
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

  // Next.js keeps a page left by client navigation (hidden, its state kept) and shows it again on the way back, as after
  // signing in with another account: hiding runs this cleanup, so coming back checks out once more.
  useEffect(
    () => () => {
      asked.current = false;
    },
    [],
  );

  useEffect(() => {
    if (itemCount === UNKNOWN) return;
    openedEmpty.current ??= itemCount === 0;
    if (itemCount === 0 && openedEmpty.current && !asked.current) {
      asked.current = true;
      console.error(EMPTY_CART_MESSAGE);
    }
    // Once per page: a cart of one item (also one left after removing others in the drawer) is checked out once.
    if (itemCount === 1 && !asked.current) {
      asked.current = true;
      void start();
    }
  }, [itemCount, start]);

  useEffect(() => {
    if (!focusNext.current || status.kind === 'working') return;
    focusNext.current = false;
    (box.current?.querySelector<HTMLElement>('button, a') ?? box.current)?.focus();
  }, [status, itemCount]);

  function removeItem() {
    focusNext.current = true;
    const { cart, removeItem: remove } = stores.shop.getState();
    for (const pvId of cart.pvItems) remove(pvId);
  }

  if (itemCount === 0) {
    return (
      <div role="alert" ref={box} tabIndex={-1} className="space-y-3 focus:outline-none">
        <p>Your shopping cart is empty. Add a package or bundle, then check out.</p>
        <Link href="/specials/" className="font-semibold text-brand-700 underline">
          See packages and specials
        </Link>
      </div>
    );
  }
  if (itemCount > 1) {
    return (
      <div role="alert" className="space-y-3">
        <p>{ONE_ITEM_ALLOWED} Remove all but one item from your shopping cart, then check out.</p>
        <button type="button" onClick={() => stores.ui.getState().openDrawer('shop')} className={BUTTON}>
          Open my shopping cart
        </button>
      </div>
    );
  }
  if (status.kind === 'failed') {
    const refused = status.code !== undefined && REFUSED_TO_CUSTOMER.includes(status.code);
    const notSold = status.code !== undefined && ITEM_NOT_SOLD.includes(status.code);
    return (
      <div role="alert" ref={box} className="space-y-3">
        <p>{status.message}</p>
        <p className="flex flex-wrap items-center gap-4">
          {refused || notSold ? (
            <button type="button" onClick={removeItem} className={BUTTON}>
              Remove it from my cart
            </button>
          ) : (
            <button
              type="button"
              onClick={() => {
                focusNext.current = true;
                void start();
              }}
              className={BUTTON}
            >
              Try again
            </button>
          )}
          {refused ? (
            <Link href={SIGN_IN_TO_CHECK_OUT} className="font-semibold text-brand-700 underline">
              Sign in with another account
            </Link>
          ) : null}
        </p>
      </div>
    );
  }
  // Only a script ends either state: without one the page's notice says what to do instead.
  return <LoadingStatus>{status.kind === 'redirecting' ? 'Taking you to the secure checkout…' : 'Preparing your checkout…'}</LoadingStatus>;
}
