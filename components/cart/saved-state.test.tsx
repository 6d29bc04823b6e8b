/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { useEffect, useLayoutEffect } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { allGroupedPackages, allServiceItems } from '@/lib/catalog/catalog';
import { authCookieValue } from '@/lib/persistence/auth';
import { bookingCardFromCookie, bookingCardToCookie, cardToCookie, emptyCard } from '@/lib/persistence/card';
import { cardServiceIds, emptyBookingCard } from '@/lib/booking/card';
import { parseCookies } from 'nookies';
import { COOKIE_NAMES } from '@/lib/persistence/cookies';
import { favoritesFromCookie, favoritesToCookie, locationToCookie, shopToCookie } from '@/lib/persistence/lists';
import { withStamp } from '@/lib/persistence/stamp';
import { readSavedState, type SavedStateReading } from '@/lib/persistence/state';
import { addToCard } from '@/stores/card-edits';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import type { PersistenceGate } from '@/stores/saved-state/gate';
import { LoadSavedStateNow } from '@/stores/saved-state/LoadSavedStateNow';
import { SAVED_STATE_FAILED, StoresProvider, usePersistenceGate, useStoreApis, type Persistence } from '@/stores/provider';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { HeaderActionsClient } from '@/components/ui/HeaderActionsClient';
import { BuyButton } from '@/components/shop/BuyButton';
import { ServiceActionsClient } from './ServiceActionsClient';

// The snackbar's notices load once the page is idle; here they are in before the first notice.
beforeAll(() => loadNoticeList());

// Catalogue pages are prerendered: the provider starts with empty stores and fills them from the cookies after
// hydration, loading the codecs with import(). These tests use the provider as a page does, without given stores.

Object.assign(globalThis, { TextEncoder, TextDecoder });
process.env.__NEXT_TRAILING_SLASH = 'true';
const push = jest.fn();
let pathname = '/services/womens-wax/';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => pathname }));
const loadPage = jest.fn();
jest.mock('@/components/account/load-page', () => ({ loadPage: (href: string) => loadPage(href) }));

const items = allServiceItems();
const wax = items.filter((i) => i.gen === 0 && i.svcType === 1);
const lashes = items.find((i) => i.gen === 0 && i.svcType === 32)!;
const ref = (item: (typeof items)[number]) => ({ id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration });
const offer = allGroupedPackages()[0]!;

function clearCookies() {
  for (const name of Object.keys(parseCookies(null))) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
const jar = () => parseCookies(null, { decode: (value: string) => value });
function saveCard(...services: (typeof items)[number][]) {
  let card = emptyBookingCard();
  for (const item of services) card = addToCard(card, ref(item), { location: 1 }).card;
  document.cookie = `${COOKIE_NAMES.card}=${bookingCardToCookie(card)}; Path=/`;
}

const captured: { stores?: AppStores; gate?: PersistenceGate } = {};
function Capture() {
  const api = useStoreApis();
  const gate = usePersistenceGate();
  useLayoutEffect(() => {
    captured.stores = api;
    captured.gate = gate;
  }, [api, gate]);
  return null;
}
const loaded = () => captured.gate!.loaded;

/** Renders as a page does; the cookie code arrives when the test calls arrive(). */
let arrive: () => Promise<void>;
function renderPage(ui: React.ReactNode, loadCode?: () => Promise<Persistence>) {
  let release!: (persistence: Persistence) => void;
  const code = new Promise<Persistence>((resolve) => (release = resolve));
  arrive = async () => {
    const persistence = await import('@/stores/saved-state/persistence');
    await act(async () => release(persistence));
  };
  return render(
    <StoresProvider loadCode={loadCode ?? (() => code)}>
      <Capture />
      {ui}
      <Snackbar />
    </StoresProvider>,
  );
}

beforeEach(() => {
  clearCookies();
  push.mockClear();
  loadPage.mockClear();
  pathname = '/services/womens-wax/';
  captured.stores = undefined;
  captured.gate = undefined;
});

describe('the saved state after hydration', () => {
  it('the header leaves the numbers to the first-paint marks until the saved state is in, then shows the stores and keeps the marks in step', async () => {
    saveCard(wax[0]!, wax[1]!);
    renderPage(
      <>
        <HeaderActionsClient />
        <ServiceActionsClient service={ref(wax[2]!)} serviceName={wax[2]!.name} />
      </>,
    );
    expect(loaded()).toBe(false);
    expect(captured.stores!.card.getState().card.areas).toEqual([]);
    // Empty: the CSS counter shows what the inline script marked on <html>.
    expect(screen.getByTestId('booking-badge')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Booking Cart' })).toBeInTheDocument();
    await arrive();
    expect(loaded()).toBe(true);
    expect(cardServiceIds(captured.stores!.card.getState().card)).toEqual([wax[0]!.id, wax[1]!.id]);
    expect(screen.getByTestId('booking-badge')).toHaveTextContent('2');
    expect(document.documentElement).toHaveAttribute('data-bk', '2');
    fireEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax[2]!.name}` }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-bk', '3'));
    expect(screen.getByRole('button', { name: 'Booking Cart (3)' })).toBeInTheDocument();
    expect(document.documentElement).not.toHaveAttribute('data-fv');
  });

  it('a cart icon clicked before the saved state arrives opens its drawer once the saved cart is in', async () => {
    saveCard(wax[0]!);
    renderPage(<HeaderActionsClient />);
    fireEvent.click(screen.getByRole('button', { name: 'Booking Cart' }));
    expect(captured.stores!.ui.getState().drawers.booking).toBe(false);
    await arrive();
    expect(captured.stores!.ui.getState().drawers.booking).toBe(true);
    expect(cardServiceIds(captured.stores!.card.getState().card)).toEqual([wax[0]!.id]);
  });

  it('Add before the saved state arrives waits for it, then adds to the saved card and saves it', async () => {
    saveCard(wax[0]!);
    renderPage(<ServiceActionsClient service={ref(wax[1]!)} serviceName={wax[1]!.name} />);
    fireEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax[1]!.name}` }));
    expect(captured.stores!.card.getState().card.areas).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await arrive();
    await screen.findByRole('button', { name: `Added to booking: ${wax[1]!.name}, press to remove` });
    expect(screen.getByRole('status')).toHaveTextContent(`${wax[1]!.name} added`);
    expect(cardServiceIds(captured.stores!.card.getState().card)).toEqual([wax[0]!.id, wax[1]!.id]);
    expect(cardServiceIds(bookingCardFromCookie(jar()[COOKIE_NAMES.card])!)).toEqual([wax[0]!.id, wax[1]!.id]);
  });

  it('a click does what its button said when clicked: Add and Favourite on a saved service keep it', async () => {
    saveCard(wax[0]!);
    document.cookie = `${COOKIE_NAMES.favorites}=${favoritesToCookie([wax[0]!.id])}; Path=/`;
    renderPage(<ServiceActionsClient service={ref(wax[0]!)} serviceName={wax[0]!.name} />);
    fireEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax[0]!.name}` }));
    const favourite = screen.getByRole('button', { name: `Favourite: ${wax[0]!.name}` });
    fireEvent.click(favourite);
    await arrive();
    await screen.findByRole('button', { name: `Added to booking: ${wax[0]!.name}, press to remove` });
    expect(favourite).toHaveAttribute('aria-pressed', 'true');
    expect(cardServiceIds(captured.stores!.card.getState().card)).toEqual([wax[0]!.id]);
    expect(captured.stores!.favorites.getState().ids).toEqual([wax[0]!.id]);
  });

  it('Buy before the saved state arrives is weighed against the saved shopping cart (which holds another item: offered in its place)', async () => {
    const saved = allGroupedPackages().find((o) => o.pvId !== offer.pvId)!;
    document.cookie = `${COOKIE_NAMES.shop}=${shopToCookie({ header: { customerId: '', checkoutId: '' }, pvItems: [saved.pvId] })}; Path=/`;
    renderPage(<BuyButton pvId={offer.pvId} title={offer.pvTitle} />);
    fireEvent.click(screen.getByRole('button', { name: /^Buy: / }));
    expect(captured.stores!.shop.getState().cart.pvItems).toEqual([]);
    expect(captured.stores!.ui.getState().drawers.shop).toBe(false);
    expect(screen.getByRole('button', { name: /^Buy: / })).toHaveAttribute('aria-busy', 'true');
    await arrive();
    await waitFor(() => expect(captured.stores!.ui.getState().shopOffer).toBe(offer.pvId));
    expect(captured.stores!.shop.getState().cart.pvItems).toEqual([saved.pvId]);
    expect(screen.getByRole('button', { name: /^Buy: / })).not.toHaveAttribute('aria-busy');
    expect(captured.stores!.ui.getState().drawers.shop).toBe(true);
  });

  it("the path applies after the saved state, and another location's menu leaves the saved card and location alone", async () => {
    // Eyelashes are booked online in SoHo only.
    saveCard(wax[0]!, lashes);
    document.cookie = `${COOKIE_NAMES.location}=${locationToCookie(1)}; Path=/`;
    pathname = '/nolita/services/mens-wax/';
    renderPage(<HeaderActionsClient />);
    await arrive();
    // The saved card is women's: the men's menu in the path wins over its gender once it is in.
    await waitFor(() => expect(captured.stores!.ui.getState().gender).toBe(1));
    expect(captured.stores!.location.getState().location).toBe(1);
    expect(cardServiceIds(captured.stores!.card.getState().card)).toEqual([wax[0]!.id, lashes.id]);
    expect(captured.stores!.card.getState().card.location).toBe(1);
  });

  it('sign-out before the saved state arrives is not undone by it', async () => {
    document.cookie = `${COOKIE_NAMES.auth}=${authCookieValue({ id: '5', name: 'Ana' })}; Path=/`;
    const customerId = '0e0e0e0e-0000-4000-8000-000000000000';
    document.cookie = `${COOKIE_NAMES.card}=${cardToCookie(emptyCard({ customerId }))}; Path=/`;
    let answer!: (response: Response) => void;
    globalThis.fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage(<HeaderActionsClient />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await act(async () => answer({ ok: true, status: 204 } as Response));
    expect(loadPage).not.toHaveBeenCalled();
    await arrive();
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(captured.stores!.auth.getState().profile.isAuth).toBe(false);
    expect(captured.stores!.card.getState().card.customerId).toBe('');
    expect(jar()[COOKIE_NAMES.auth]).toBeUndefined();
  });
});

describe('with nothing saved in this browser', () => {
  // Most first visits: no saved-state cookie. The empty stores are then the saved state, and the cookie code (with
  // zod) stays out of the page load until something is to be saved.
  function renderBlankPage(ui: React.ReactNode) {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const loadCode = jest.fn(async () => {
      await arrived;
      return import('@/stores/saved-state/persistence');
    });
    renderPage(ui, loadCode);
    return { loadCode, arriveCode: () => act(async () => release()) };
  }

  it('counts as loaded at once, loads no cookie code, and a first add waits for the code, then is saved', async () => {
    const { loadCode, arriveCode } = renderBlankPage(
      <>
        <HeaderActionsClient />
        <ServiceActionsClient service={ref(wax[1]!)} serviceName={wax[1]!.name} />
      </>,
    );
    expect(loaded()).toBe(true);
    expect(screen.getByRole('button', { name: 'Booking Cart (empty)' })).toBeInTheDocument();
    expect(loadCode).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax[1]!.name}` }));
    expect(loadCode).toHaveBeenCalledTimes(1);
    // Nothing shows as added before it can be saved, and the button says it is busy meanwhile.
    expect(captured.stores!.card.getState().card.areas).toEqual([]);
    expect(screen.getByRole('button', { name: `Add to booking: ${wax[1]!.name}` })).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(screen.getByRole('button', { name: `Favourite: ${wax[1]!.name}` }));
    expect(screen.getByRole('button', { name: `Favourite: ${wax[1]!.name}` })).toHaveAttribute('aria-busy', 'true');
    await arriveCode();
    await screen.findByRole('button', { name: `Added to booking: ${wax[1]!.name}, press to remove` });
    expect(screen.getByRole('button', { name: `Added to booking: ${wax[1]!.name}, press to remove` })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: `Favourite: ${wax[1]!.name}` })).not.toHaveAttribute('aria-busy');
    expect(captured.stores!.favorites.getState().ids).toEqual([wax[1]!.id]);
    expect(cardServiceIds(bookingCardFromCookie(jar()[COOKIE_NAMES.card])!)).toEqual([wax[1]!.id]);
  });

  it("a men's menu sets the browsed gender without waiting for the cookie code", async () => {
    pathname = '/services/mens-wax/';
    const { loadCode } = renderBlankPage(<HeaderActionsClient />);
    await waitFor(() => expect(captured.stores!.ui.getState().gender).toBe(1));
    expect(loadCode).not.toHaveBeenCalled();
  });

  it('a first pointer press or key starts loading the code without writing any cookie', async () => {
    const { loadCode, arriveCode } = renderBlankPage(<ServiceActionsClient service={ref(wax[1]!)} serviceName={wax[1]!.name} />);
    fireEvent.pointerDown(document.body);
    expect(loadCode).toHaveBeenCalledTimes(1);
    await arriveCode();
    expect(Object.keys(jar())).toEqual([]);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(loadCode).toHaveBeenCalledTimes(1);
    // Bound by then: the add is saved within its click.
    fireEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax[1]!.name}` }));
    expect(cardServiceIds(bookingCardFromCookie(jar()[COOKIE_NAMES.card])!)).toEqual([wax[1]!.id]);
  });

  it("keeps what another tab saved meanwhile: this tab's first add merges with it instead of overwriting", async () => {
    const { arriveCode } = renderBlankPage(<ServiceActionsClient service={ref(wax[1]!)} serviceName={wax[1]!.name} />);
    // Another tab saves a card and a favourite after this page loaded with nothing.
    saveCard(wax[0]!);
    document.cookie = `${COOKIE_NAMES.favorites}=${favoritesToCookie([wax[0]!.id])}; Path=/`;
    fireEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax[1]!.name}` }));
    await arriveCode();
    await screen.findByRole('button', { name: `Added to booking: ${wax[1]!.name}, press to remove` });
    expect(cardServiceIds(bookingCardFromCookie(jar()[COOKIE_NAMES.card])!)).toEqual([wax[0]!.id, wax[1]!.id]);
    expect(captured.stores!.favorites.getState().ids).toEqual([wax[0]!.id]);
    expect(jar()[COOKIE_NAMES.favorites]).toBe(favoritesToCookie([wax[0]!.id]));
  });

  it('coming back to the tab after another tab saved something takes it in', async () => {
    const { loadCode, arriveCode } = renderBlankPage(<HeaderActionsClient />);
    window.dispatchEvent(new Event('focus'));
    expect(loadCode).not.toHaveBeenCalled();
    saveCard(wax[0]!);
    window.dispatchEvent(new Event('focus'));
    expect(loadCode).toHaveBeenCalledTimes(1);
    await arriveCode();
    await waitFor(() => expect(cardServiceIds(captured.stores!.card.getState().card)).toEqual([wax[0]!.id]));
    expect(await screen.findByRole('button', { name: 'Booking Cart (1)' })).toBeInTheDocument();
  });
});

describe('when the cookie code cannot be loaded', () => {
  it('tells the person, keeps the gate shut and leaves the saved cookies alone', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    saveCard(wax[0]!);
    const saved = jar()[COOKIE_NAMES.card];
    renderPage(<ServiceActionsClient service={ref(wax[1]!)} serviceName={wax[1]!.name} />, () =>
      Promise.reject(new Error('chunk load failed')),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVED_STATE_FAILED);
    fireEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax[1]!.name}` }));
    expect(loaded()).toBe(false);
    expect(jar()[COOKIE_NAMES.card]).toBe(saved);
    expect(error).toHaveBeenCalledWith('Could not load the cookie persistence code', expect.any(Error));
    error.mockRestore();
  });
});

describe('<LoadSavedStateNow>: the personal pages fill the stores from the server\'s reading', () => {
  /** What PersonalFrame hands the page: the server's reading of these cookies, as plain data through the page. */
  const serverReading = () => deserialize(serialize(readSavedState((name) => jar()[name]))) as SavedStateReading;
  const men = items.filter((i) => i.gen === 1);
  const [fav1, fav2, fav3] = [wax[0]!.id, wax[1]!.id, wax[2]!.id];
  function saveFavourites(stamp: number, ids: string[]) {
    document.cookie = `${COOKIE_NAMES.favorites}=${withStamp(stamp, favoritesToCookie(ids))}; Path=/`;
  }

  it('fills the stores before the effects of the page it is on', () => {
    saveCard(wax[0]!);
    let seenInEffect: string[] | undefined;
    function Island() {
      const api = useStoreApis();
      useEffect(() => {
        seenInEffect = cardServiceIds(api.card.getState().card);
      }, [api]);
      return null;
    }
    renderPage(
      <>
        <LoadSavedStateNow saved={serverReading()} />
        <Island />
      </>,
    );
    expect(seenInEffect).toEqual([wax[0]!.id]);
    expect(loaded()).toBe(true);
  });

  it('fills every store exactly as fillFromCookies does for the same cookies, and the binding rewrites none of them', async () => {
    saveCard(men[0]!, men[1]!);
    saveFavourites(4, [fav1, fav2]);
    document.cookie = `${COOKIE_NAMES.location}=${withStamp(2, locationToCookie(3))}; Path=/`;
    document.cookie = `${COOKIE_NAMES.shop}=${withStamp(7, shopToCookie({ header: { customerId: '', checkoutId: 'gid://shopify/Cart/c1' }, pvItems: [fav3] }))}; Path=/`;
    document.cookie = `${COOKIE_NAMES.auth}=${authCookieValue({ id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Ann', email: 'ann@example.com' })}; Path=/`;
    const cookies = jar();
    const fromCookies = (await import('@/stores/saved-state/persistence')).fillFromCookies;
    const expected = createAppStores();
    fromCookies(expected);
    renderPage(<LoadSavedStateNow saved={serverReading()} />);
    const stores = captured.stores!;
    expect(stores.card.getState().card).toEqual(expected.card.getState().card);
    expect(stores.favorites.getState().ids).toEqual(expected.favorites.getState().ids);
    expect(stores.location.getState().location).toBe(expected.location.getState().location);
    expect(stores.shop.getState().cart).toEqual(expected.shop.getState().cart);
    expect(stores.auth.getState().profile).toEqual(expected.auth.getState().profile);
    expect(stores.ui.getState().gender).toBe(expected.ui.getState().gender);
    // What the comparison covers: every store holds saved state.
    expect([stores.ui.getState().gender, stores.favorites.getState().ids.length, stores.location.getState().location]).toEqual([1, 2, 3]);
    expect(stores.auth.getState().profile).toMatchObject({ isAuth: true, name: 'Ann' });
    await arrive();
    expect(jar()).toEqual(cookies);
  });

  it('is readable at once; a write waits until the cookie code has bound the saving, and is saved then', async () => {
    saveFavourites(4, [fav1]);
    renderPage(<LoadSavedStateNow saved={serverReading()} />);
    expect(loaded()).toBe(true);
    let ran = false;
    captured.gate!.whenLoaded(() => {
      ran = true;
      captured.stores!.favorites.getState().add(fav2);
    });
    expect(ran).toBe(false);
    expect(jar()[COOKIE_NAMES.favorites]).toBe(withStamp(4, favoritesToCookie([fav1])));
    await arrive();
    expect(ran).toBe(true);
    expect(jar()[COOKIE_NAMES.favorites]).toBe(withStamp(5, favoritesToCookie([fav1, fav2])));
  });

  it('a cookie another tab wrote after the server read it is merged at the binding, with the stamp the server read as the base', async () => {
    saveFavourites(4, [fav1]);
    const saved = serverReading();
    // Another tab adds a favourite between this page's server render and its hydration.
    saveFavourites(5, [fav1, fav2]);
    renderPage(<LoadSavedStateNow saved={saved} />);
    expect(captured.stores!.favorites.getState().ids).toEqual([fav1]);
    // This tab's island changes the store as it mounts, before the cookie code has loaded.
    act(() => captured.stores!.favorites.getState().add(fav3));
    await arrive();
    // The merge keeps this tab's order and adds the other tab's new one after it.
    expect(captured.stores!.favorites.getState().ids).toEqual([fav1, fav3, fav2]);
    expect(jar()[COOKIE_NAMES.favorites]).toBe(withStamp(6, favoritesToCookie([fav1, fav3, fav2])));
  });

  it('a favourite another tab removed after the server read it stays removed', async () => {
    saveFavourites(4, [fav1, fav2]);
    const saved = serverReading();
    saveFavourites(5, [fav2]);
    renderPage(<LoadSavedStateNow saved={saved} />);
    await arrive();
    expect(captured.stores!.favorites.getState().ids).toEqual([fav2]);
    expect(favoritesFromCookie(jar()[COOKIE_NAMES.favorites])).toEqual([fav2]);
  });

  it('a sign-in in another tab after the server read BnpAuth: the binding takes the profile from the cookie', async () => {
    const profile = { id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Bea', email: 'bea@example.com' };
    const signedOut = serverReading();
    document.cookie = `${COOKIE_NAMES.auth}=${authCookieValue(profile)}; Path=/`;
    renderPage(<LoadSavedStateNow saved={signedOut} />);
    expect(captured.stores!.auth.getState().profile.isAuth).toBe(false);
    await arrive();
    expect(captured.stores!.auth.getState().profile).toEqual({ customerId: profile.id, name: 'Bea', email: 'bea@example.com', isAuth: true });
  });

  it('a sign-out in another tab after the server read BnpAuth: signed out at the binding', async () => {
    document.cookie = `${COOKIE_NAMES.auth}=${authCookieValue({ id: 'c0ffee00-0000-4000-8000-000000000003', name: 'Cy' })}; Path=/`;
    const signedIn = serverReading();
    document.cookie = `${COOKIE_NAMES.auth}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    renderPage(<LoadSavedStateNow saved={signedIn} />);
    expect(captured.stores!.auth.getState().profile.name).toBe('Cy');
    await arrive();
    expect(captured.stores!.auth.getState().profile.isAuth).toBe(false);
  });
});
