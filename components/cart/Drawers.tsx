'use client';

import * as Dialog from '@radix-ui/react-dialog';
import Link from '@/components/ui/AppLink';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { allGroupedPackages, isFirstVisitOffer, isRetiredService, serviceById, type GroupedPackage } from '@/lib/catalog/catalog';
import { formatServiceDuration, formatUsd, offerOriginalPrice } from '@/lib/catalog/format';
import { catalogSnapshot, type CatalogSnapshot } from '@/lib/catalog/snapshot';
import { AREAS } from '@/lib/catalog/tables';
import { chooseBookingLocation, removeAndSay } from '@/stores/booking-location';
import { locationsTaking } from '@/stores/card-edits';
import { sameId } from '@/stores/card-store';
import { useAuthStore, useCardStore, useShopStore, useStoreApis, useUiStore } from '@/stores/provider';
import type { Drawer } from '@/stores/ui-store';
import { focusMainIfLost, shown } from '@/components/ui/focus-on-arrival';
import { CloseIcon } from '@/components/ui/icons';
import { NoticeList } from '@/components/ui/NoticeList';
import { LocationPicker } from '@/components/booking/LocationPicker';
import { beginCheckout, type CheckoutDeps } from './checkout';
import { ONE_ITEM_ALLOWED } from './messages';
import styles from './drawer.module.css';

// This module is loaded on the first opening of a drawer, so the catalogue it reads names and prices from stays out
// of the pages' first-load JavaScript: the cookies hold ids only. CartDrawers lays the published changes over that
// catalogue (lib/catalog/live-overlay.ts) before the first opening and again at each one, and renders the drawers
// again when they change it: offers are looked up in the catalogue of the moment.
const offersOf = new WeakMap<CatalogSnapshot, Map<string, GroupedPackage>>();

function offerById(pvId: string): GroupedPackage | undefined {
  const snapshot = catalogSnapshot();
  let byId = offersOf.get(snapshot);
  if (!byId) {
    byId = new Map(allGroupedPackages().map((offer) => [offer.pvId.toLowerCase(), offer]));
    offersOf.set(snapshot, byId);
  }
  return byId.get(pvId.toLowerCase());
}

function RightDrawer({ drawer, title, initialFocus, children }: { drawer: Drawer; title: string; initialFocus?: RefObject<HTMLElement | null>; children: ReactNode }) {
  const stores = useStoreApis();
  const open = useUiStore((state) => state.drawers[drawer]);
  // Opened from the store (no Radix trigger), so Radix has nowhere to put the focus back: the control that had it
  // when the drawer opened (the header's cart button, a Buy button) gets it again on close. A drawer closed by a page
  // change (BOOK NOW, CHECK OUT) may close after the page it was opened on was hidden: the new page's content gets it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? stores.ui.getState().openDrawer(drawer) : stores.ui.getState().closeDrawer(drawer))}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 z-40 bg-black/40 ${styles.overlay}`} />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            if (!target) return;
            event.preventDefault();
            if (shown(target)) target.focus();
            else focusMainIfLost();
          }}
          className={`fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-xl focus:outline-none ${styles.panel}`}
        >
          <div className="flex items-center justify-between border-b border-brand-100 px-4 py-3">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close className="rounded-full p-2 hover:bg-brand-50" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {children}
          <NoticeList />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** An empty cart says so and leads on; following the link closes the drawer. */
function EmptyCart({ drawer, text, href, link }: { drawer: Drawer; text: string; href: string; link: string }) {
  const stores = useStoreApis();
  return (
    <p className="px-4 py-6 text-sm">
      {text}{' '}
      <Link href={href} onClick={() => stores.ui.getState().closeDrawer(drawer)} className="font-semibold text-brand-700 underline">
        {link}
      </Link>
    </p>
  );
}

function BookingDrawer() {
  const stores = useStoreApis();
  const card = useCardStore((state) => state.card);
  const count = card.areas.reduce((n, area) => n + area.services.length, 0);
  return (
    <RightDrawer drawer="booking" title={`Booking Cart(${count})`}>
      <div className="border-b border-brand-100 px-4 py-3">
        <Link
          href="/booking/"
          onClick={() => stores.ui.getState().closeDrawer('booking')}
          className="block rounded-full bg-brand-700 px-4 py-2 text-center font-semibold text-white hover:bg-brand-800"
        >
          BOOK NOW
        </Link>
      </div>
      {/* Shown with an empty cart too, so that a move which empties it leaves the focus on the button pressed. */}
      <div className="border-b border-brand-100 px-4 py-3">
        <LocationPicker
          idPrefix="drawer"
          current={card.location}
          bookable={locationsTaking(card)}
          onChoose={(id) => chooseBookingLocation(stores, id, { nameOf: (serviceId) => serviceById(serviceId)?.name })}
        />
      </div>
      {count === 0 ? <EmptyCart drawer="booking" text="Your booking cart is empty." href="/services/" link="Choose a service" /> : null}
      <div className="flex-1 overflow-y-auto px-4 py-2">
        {card.areas.map((area) => (
          <section key={area.area} aria-labelledby={`booking-area-${area.area}`} className="py-2">
            <h3 id={`booking-area-${area.area}`} className="text-sm font-semibold uppercase text-gray-700">
              {AREAS[area.area as keyof typeof AREAS] ?? `Area ${area.area}`}
            </h3>
            <ul className="divide-y divide-brand-100">
              {area.services.map((line) => {
                  const item = serviceById(line.id);
                  const name = item?.name ?? 'A service no longer offered';
                  return (
                    <li key={line.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                      <span>
                        <span className="font-semibold">{name}</span>
                        {item ? (
                          <span className="block text-gray-700">
                            {formatServiceDuration(item)} · {formatUsd(item.price)}
                            {line.package ? ' · from your package' : ''}
                          </span>
                        ) : null}
                        {item && isRetiredService(item.id) ? <span className="block text-amber-900">No longer offered: remove it to book.</span> : null}
                      </span>
                      <button
                        type="button"
                        onClick={() => removeAndSay(stores, line.id, name)}
                        className="rounded px-2 py-1 text-brand-700 underline"
                      >
                        Remove<span className="sr-only"> {name}</span>
                      </button>
                    </li>
                  );
                })}
            </ul>
          </section>
        ))}
      </div>
    </RightDrawer>
  );
}

const titleOf = (pvId: string) => offerById(pvId)?.pvTitle ?? 'An item no longer offered';

/** 'A', 'A and B'. */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

type NewClientAnswer = { newClient: true } | { newClient: false; message: string };

function isNewClientAnswer(value: unknown): value is NewClientAnswer {
  const answer = value as { newClient?: unknown; message?: unknown } | null;
  return answer?.newClient === true || (answer?.newClient === false && typeof answer.message === 'string');
}

/**
 * For a signed-in customer with a first-visit offer in the cart: checkout's sentence when it would refuse it (not a
 * new client), asked once the drawer shows the offer. Checkout asks again and says it there too, so a failed question
 * only costs the early word.
 */
function useFirstVisitRefusal(ask: boolean): string | undefined {
  const [message, setMessage] = useState<string>();
  useEffect(() => {
    if (!ask) return;
    let current = true;
    fetch('/api/shop/new-client/', { credentials: 'same-origin' })
      .then(async (response) => (response.ok ? response.json() : undefined))
      .then((answer: unknown) => {
        if (current && isNewClientAnswer(answer) && !answer.newClient) setMessage(answer.message);
      })
      .catch((error: unknown) => console.warn('Could not ask whether first-visit offers are open to you', error));
    return () => {
      current = false;
    };
  }, [ask]);
  return ask ? message : undefined;
}

/**
 * Buy pressed while the cart held another item: one item is checked out at a time ('One item allowed only!'), so the
 * drawer offers the new one in its place, with the focus on Replace, instead of holding two.
 */
function ShopOffer({ pvId, held, replaceRef, onDone }: { pvId: string; held: readonly string[]; replaceRef: RefObject<HTMLButtonElement | null>; onDone: () => void }) {
  const stores = useStoreApis();
  const title = titleOf(pvId);
  const heldTitles = listOf(held.map(titleOf));
  function replace() {
    const { shop, ui } = stores;
    for (const id of shop.getState().cart.pvItems) shop.getState().removeItem(id);
    shop.getState().addItem(pvId);
    ui.getState().clearShopOffer();
    ui.getState().notify({ variant: 'info', message: `${title} replaced ${heldTitles} in your shopping cart.` });
    onDone();
  }
  return (
    <section aria-labelledby="shop-offer-text" className="border-b border-brand-100 bg-amber-50 px-4 py-3 text-sm">
      <p id="shop-offer-text">
        <strong>{ONE_ITEM_ALLOWED}</strong> Your shopping cart holds {heldTitles}. Replace {held.length === 1 ? 'it' : 'them'} with {title}?
      </p>
      <p className="mt-2 flex flex-wrap gap-2">
        <button ref={replaceRef} type="button" onClick={replace} aria-describedby="shop-offer-text" className="min-h-11 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Replace with {title}
        </button>
        <button
          type="button"
          onClick={() => {
            stores.ui.getState().clearShopOffer();
            onDone();
          }}
          className="min-h-11 rounded-full border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-white"
        >
          Keep {held.length === 1 ? 'it' : 'them'}
        </button>
      </p>
    </section>
  );
}

function ShopDrawer({ onCheckout }: { onCheckout?: (deps: CheckoutDeps) => void }) {
  const stores = useStoreApis();
  const router = useRouter();
  const pvItems = useShopStore((state) => state.cart.pvItems);
  const isAuth = useAuthStore((state) => state.profile.isAuth);
  const shopOffer = useUiStore((state) => state.shopOffer);
  const offered = shopOffer !== null && pvItems.length > 0 && !pvItems.some((id) => sameId(id, shopOffer)) ? shopOffer : null;
  const replaceButton = useRef<HTMLButtonElement>(null);
  const checkOutButton = useRef<HTMLButtonElement>(null);
  const lines = pvItems.map((pvId) => ({ pvId, offer: offerById(pvId) }));
  const subtotal = lines.reduce((sum, { offer }) => sum + (offer?.pvPrice ?? 0), 0);
  const refusal = useFirstVisitRefusal(isAuth && lines.some(({ offer }) => offer !== undefined && isFirstVisitOffer(offer)));

  function checkOut() {
    const deps: CheckoutDeps = {
      itemCount: pvItems.length,
      isAuth,
      closeDrawer: () => stores.ui.getState().closeDrawer('shop'),
      warn: (message, duration) => stores.ui.getState().notify({ variant: 'warning', message, duration }),
      navigate: (href) => router.push(href),
    };
    (onCheckout ?? beginCheckout)(deps);
  }

  return (
    <RightDrawer drawer="shop" title={`Shopping Cart(${pvItems.length})`} initialFocus={offered ? replaceButton : undefined}>
      {offered ? <ShopOffer pvId={offered} held={pvItems} replaceRef={replaceButton} onDone={() => checkOutButton.current?.focus()} /> : null}
      <div className="border-b border-brand-100 px-4 py-3">
        <button ref={checkOutButton} type="button" onClick={checkOut} className="w-full rounded-full bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          CHECK OUT
        </button>
      </div>
      {pvItems.length === 0 ? <EmptyCart drawer="shop" text="Your shopping cart is empty." href="/specials/" link="See packages and bundles" /> : null}
      <ul className="flex-1 divide-y divide-brand-100 overflow-y-auto px-4 py-2">
        {lines.map(({ pvId, offer }) => {
          const title = offer?.pvTitle ?? 'An item no longer offered';
          // pvPrice is already the discounted price; the original is what the sessions cost one by one.
          const price = offer?.pvPrice ?? 0;
          const original = offer ? offerOriginalPrice(offer) : 0;
          return (
            <li key={pvId} className="flex items-center justify-between gap-2 py-3 text-sm">
              <span>
                <span className="font-semibold">{title}</span>
                {offer ? (
                  <span className="block">
                    {original > price ? (
                      <>
                        <del className="text-gray-700">
                          <span className="sr-only">Original price </span>
                          {formatUsd(original)}
                        </del>{' '}
                      </>
                    ) : null}
                    <span className="font-semibold text-brand-700">
                      {original > price ? <span className="sr-only">Discounted price </span> : null}
                      {formatUsd(price)}
                    </span>
                  </span>
                ) : null}
                {refusal && offer && isFirstVisitOffer(offer) ? <span className="mt-1 block text-amber-900">{refusal}</span> : null}
              </span>
              <button type="button" onClick={() => stores.shop.getState().removeItem(pvId)} className="rounded px-2 py-1 text-brand-700 underline">
                Remove<span className="sr-only"> {title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="flex justify-between border-t border-brand-100 px-4 py-3 font-semibold">
        <span>Cart Subtotal</span>
        <span data-testid="cart-subtotal">{formatUsd(subtotal)}</span>
      </p>
    </RightDrawer>
  );
}

/** The right drawers 'Shopping Cart(n)' and 'Booking Cart(n)': focus trapped, Esc closes, labelled by their titles. */
export default function Drawers({ onCheckout }: { onCheckout?: (deps: CheckoutDeps) => void }) {
  return (
    <>
      <ShopDrawer onCheckout={onCheckout} />
      <BookingDrawer />
    </>
  );
}
