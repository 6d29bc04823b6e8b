'use client';

import Link from '@/components/ui/AppLink';
import { usePathname } from 'next/navigation';
import { Suspense, useEffect } from 'react';
import { useSignOut } from '@/components/account/use-sign-out';
import { applySavedStateMarks } from '@/lib/persistence/saved-state-marks';
import { cardServiceCount } from '@/lib/booking/card';
import { useAuthStore, useCardStore, useFavoritesStore, useSavedStateLoaded, useShopStore, useStoreApis, useWhenLoaded } from '@/stores/provider';
import { CalendarIcon, CartIcon, HeartIcon, PersonIcon } from './icons';
import { LinkUntilHydrated } from './LinkUntilHydrated';

const iconButton = 'hdr-btn';
const badge = 'badge';

/**
 * A gendered menu segment (womens-wax, mens-laser) sets the gender the visitor browses. Browsing never changes the
 * booking cart nor the saved location: they change only when the customer chooses one for booking
 * (stores/booking-location.ts).
 */
function PathSync() {
  const pathname = usePathname() ?? '/';
  const stores = useStoreApis();
  // After the saved state is in (it sets the gender of the saved card), so the path has the last word. Only read:
  // it writes no saved store, so it does not wait for the cookie code of a browser that has nothing saved.
  const loaded = useSavedStateLoaded();
  useEffect(() => {
    const [first, second, third] = pathname.split('/').filter(Boolean);
    const segment = first === 'services' ? second : second === 'services' ? third : undefined;
    if (!segment || !loaded) return;
    // The route table (with the catalogue's tables) loads on a menu page only, after the page: not first-load code.
    import('@/lib/catalog/routes').then(
      ({ parseServiceSegment }) => {
        const parsed = parseServiceSegment(segment);
        if (parsed?.kind === 'tab') stores.ui.getState().setGender(parsed.gender);
      },
      (error: unknown) => console.error('Could not load the route table', error),
    );
  }, [pathname, stores, loaded]);
  return null;
}

/** Sign-in links carry ?url={current path}; usePathname needs a Suspense boundary on prerendered pages. */
function SignInLink({ className, children }: { className: string; children: React.ReactNode }) {
  const pathname = usePathname() ?? '/';
  return (
    <Link href={`/signin/?url=${encodeURIComponent(pathname)}`} prefetch={false} className={className}>
      {children}
    </Link>
  );
}

/**
 * The header's badges and account links. Every page is one prerendered file, so before the stores hold the saved
 * state these show what the first-paint script marked on <html> (the CSS of 'Saved state at first paint' in
 * app/globals.css shows or hides each one and writes its number); after that they render the stores, and keep the
 * marks in step. A count's badge and a signed-in control are in the markup for everybody; CSS decides.
 */
export function HeaderActionsClient() {
  const stores = useStoreApis();
  const whenLoaded = useWhenLoaded();
  const loaded = useSavedStateLoaded();
  const signOut = useSignOut();
  const shopCount = useShopStore((state) => state.cart.pvItems.length);
  const bookingCount = useCardStore((state) => cardServiceCount(state.card));
  const favoritesCount = useFavoritesStore((state) => state.ids.length);
  const isAuth = useAuthStore((state) => state.profile.isAuth);
  const name = useAuthStore((state) => state.profile.name || state.profile.email);

  useEffect(() => {
    if (loaded) applySavedStateMarks(document.documentElement, { bookingCount, favoritesCount, shopCount, ...(isAuth ? { name } : {}) });
  }, [loaded, bookingCount, favoritesCount, shopCount, isAuth, name]);

  const label = (what: string, count: number) => (loaded ? `${what} (${count > 0 ? count : 'empty'})` : what);
  const number = (count: number) => (loaded && count > 0 ? count : null);

  return (
    <div className="flex items-center">
      {/* Before the scripts run, the cart page and the booking page show the carts. */}
      <LinkUntilHydrated href="/cart/" className={`${iconButton} marked-sh`} aria-label={label('Shopping Cart', shopCount)} onPress={() => whenLoaded(() => stores.ui.getState().openDrawer('shop'))}>
        <CartIcon />
        <span className={`${badge} badge-sh`} data-testid="shop-badge" aria-hidden="true">
          {number(shopCount)}
        </span>
      </LinkUntilHydrated>
      <LinkUntilHydrated href="/booking/" className={iconButton} aria-label={label('Booking Cart', bookingCount)} onPress={() => whenLoaded(() => stores.ui.getState().openDrawer('booking'))}>
        <CalendarIcon />
        <span className={`${badge} badge-bk`} data-testid="booking-badge" aria-hidden="true">
          {number(bookingCount)}
        </span>
      </LinkUntilHydrated>
      <Link href="/services/favorites/" prefetch={false} className={`${iconButton} marked-fv`} aria-label={label('Favorites', favoritesCount)}>
        <HeartIcon filled />
        <span className={`${badge} badge-fv`} data-testid="favorites-badge" aria-hidden="true">
          {number(favoritesCount)}
        </span>
      </Link>
      <span className="signed-in flex items-center">
        <Link href="/account/" prefetch={false} className={`${iconButton} md:hidden`}>
          <PersonIcon />
          <span className="sr-only">Your account</span>
        </Link>
        <Link href="/account/" prefetch={false} className="hdr-name">
          Hi, <span className="marked-name">{loaded ? name : null}</span>!<span className="sr-only"> Your account and appointments</span>
        </Link>
        <button type="button" onClick={() => void signOut()} className="hdr-out">
          Sign out
        </button>
      </span>
      <span className="signed-out flex items-center">
        <Suspense
          fallback={
            <Link href="/signin/" prefetch={false} className={`${iconButton} md:w-auto md:px-2`}>
              <SignInContent />
            </Link>
          }
        >
          <SignInLink className={`${iconButton} md:w-auto md:px-2`}>
            <SignInContent />
          </SignInLink>
        </Suspense>
      </span>
      <Suspense fallback={null}>
        <PathSync />
      </Suspense>
    </div>
  );
}

function SignInContent() {
  return (
    <>
      <span className="md:hidden">
        <PersonIcon />
      </span>
      <span className="hdr-in">Sign in</span>
    </>
  );
}
