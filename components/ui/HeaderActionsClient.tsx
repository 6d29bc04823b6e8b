'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { Suspense, useEffect } from 'react';
import { cardServiceCount } from '@/lib/persistence/model';
import { locationBySlug, parseServiceSegment } from '@/lib/catalog/routes';
import { EMPTY_SUMMARY } from '@/lib/persistence/summary';
import { publicPathname } from '@/lib/routing/saved-state-path';
import { useAuthStore, useCardStore, useFavoritesStore, useShopStore, useStoreApis, useWhenLoaded } from '@/stores/provider';
import { useServerSavedState } from '@/stores/server-saved-state';
import { withProgress } from '@/stores/ui-store';
import { CalendarIcon, CartIcon, HeartIcon } from './icons';

const iconButton = 'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50';
const badge = 'absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs font-bold leading-5 text-white';

/**
 * /{loc}/services/... names the location the visitor is looking at; the card then keeps only what it offers. A
 * gendered menu segment (womens-wax, mens-laser) sets the gender the visitor browses.
 */
function PathSync() {
  const pathname = publicPathname(usePathname() ?? '/');
  const stores = useStoreApis();
  const whenLoaded = useWhenLoaded();
  // After the saved state: the path wins over the saved gender and location, and reconciles the saved card.
  useEffect(() => {
    whenLoaded(() => {
      const [first, second, third] = pathname.split('/').filter(Boolean);
      const segment = first === 'services' ? second : second === 'services' ? third : undefined;
      const parsed = segment ? parseServiceSegment(segment) : undefined;
      if (parsed?.kind === 'tab') stores.ui.getState().setGender(parsed.gender);
      const location = second === 'services' && first ? locationBySlug(first) : undefined;
      if (!location) return;
      if (stores.location.getState().location !== location.id) stores.location.getState().setLocation(location.id);
      if (stores.card.getState().card.header.location !== String(location.id)) stores.card.getState().reconcileLocation(location.id);
    });
  }, [pathname, stores, whenLoaded]);
  return null;
}

const signInClass = 'ml-1 rounded px-2 py-2 text-sm font-semibold text-brand-700 underline';

/** Sign-in links carry ?url={current path}; the path is known at request time only on dynamic routes. */
function SignInLink() {
  const pathname = publicPathname(usePathname() ?? '/');
  return (
    <Link href={`/signin/?url=${encodeURIComponent(pathname)}`} prefetch={false} className={signInClass}>
      Sign in
    </Link>
  );
}

/** The badges and profile menu; until the saved state is in they show what the server read (none on prerendered pages). */
export function HeaderActionsClient() {
  const server = useServerSavedState() ?? EMPTY_SUMMARY;
  const router = useRouter();
  const stores = useStoreApis();
  const whenLoaded = useWhenLoaded();
  const shopCount = useShopStore((state) => state.cart.pvItems.length, server.shopCount);
  const bookingCount = useCardStore((state) => cardServiceCount(state.card), server.bookingCount);
  const favoritesCount = useFavoritesStore((state) => state.ids.length, server.favoritesCount);
  const isAuth = useAuthStore((state) => state.profile.isAuth, server.isAuth);
  const name = useAuthStore((state) => state.profile.name || state.profile.email, server.name);

  async function signOut() {
    try {
      await withProgress(stores.ui, async () => {
        const response = await fetch('/api/auth/signout/', { method: 'POST', credentials: 'same-origin' });
        if (!response.ok) throw new Error(`Sign-out answered ${response.status}`);
      });
    } catch (error) {
      // The local profile is cleared anyway: the visitor asked to leave.
      console.error(error);
    }
    // Cleared after the saved state is in, or it would bring the profile and the card's customer back.
    whenLoaded(() => {
      stores.auth.getState().signOut();
      stores.card.getState().logOut();
      stores.shop.getState().setCustomerId('');
      router.push('/');
    });
  }

  return (
    <div className="flex items-center gap-1">
      {shopCount > 0 ? (
        <button type="button" className={iconButton} aria-label={`Shopping Cart (${shopCount})`} onClick={() => whenLoaded(() => stores.ui.getState().openDrawer('shop'))}>
          <CartIcon />
          <span className={badge} data-testid="shop-badge" aria-hidden="true">
            {shopCount}
          </span>
        </button>
      ) : null}
      <button
        type="button"
        className={iconButton}
        aria-label={bookingCount > 0 ? `Booking Cart (${bookingCount})` : 'Booking Cart (empty)'}
        onClick={() => whenLoaded(() => stores.ui.getState().openDrawer('booking'))}
      >
        <CalendarIcon />
        {bookingCount > 0 ? (
          <span className={badge} data-testid="booking-badge" aria-hidden="true">
            {bookingCount}
          </span>
        ) : null}
      </button>
      {favoritesCount > 0 ? (
        <Link href="/services/favorites/" prefetch={false} className={iconButton} aria-label={`Favorites (${favoritesCount})`}>
          <HeartIcon filled />
          <span className={badge} data-testid="favorites-badge" aria-hidden="true">
            {favoritesCount}
          </span>
        </Link>
      ) : null}
      {isAuth ? (
        <div className="ml-1 flex items-center gap-2 text-sm">
          <Link href="/account/" prefetch={false} className="rounded px-1 py-2 font-semibold hover:underline">
            Hi, {name}!<span className="sr-only"> Your account and appointments</span>
          </Link>
          <button type="button" onClick={signOut} className="rounded px-2 py-2 font-semibold text-brand-700 underline">
            Sign out
          </button>
        </div>
      ) : (
        <Suspense
          fallback={
            <Link href="/signin/" prefetch={false} className={signInClass}>
              Sign in
            </Link>
          }
        >
          <SignInLink />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <PathSync />
      </Suspense>
    </div>
  );
}
