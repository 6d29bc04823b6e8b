/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { allGroupedPackages, allServiceItems } from '@/lib/catalog/catalog';
import { discountedPrice, formatUsd, offerOriginalPrice } from '@/lib/catalog/format';
import { authCookieValue } from '@/lib/persistence/auth';
import { AREAS } from '@/lib/catalog/tables';
import { editCard } from '@/stores/card-edits';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { HeaderActionsClient } from '@/components/ui/HeaderActionsClient';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { BuyButton } from '@/components/shop/BuyButton';
import { ServiceActionsClient } from './ServiceActionsClient';
import Drawers from './Drawers';
import { BookingBar } from './BookingBar';
import { beginCheckout, SIGN_IN_FOR_CHECKOUT } from './checkout';

// The snackbar's notices load once the page is idle; here they are in before the first notice.
beforeAll(() => loadNoticeList());

Object.assign(globalThis, { TextEncoder, TextDecoder });
// next.config.mjs sets trailingSlash; next/link reads it from here.
process.env.__NEXT_TRAILING_SLASH = 'true';
const push = jest.fn();
let pathname = '/services/womens-wax/';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => pathname }));
const loadPage = jest.fn();
jest.mock('@/components/account/load-page', () => ({ loadPage: (href: string) => loadPage(href) }));

const items = allServiceItems();
const womensWax = items.find((i) => i.gen === 0 && i.svcType === 1)!;
const womensBrows = items.find((i) => i.gen === 0 && i.svcType === 64)!;
const womensLashes = items.find((i) => i.gen === 0 && i.svcType === 32)!;
const ref = (item: typeof womensWax) => ({ id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration });
const offers = allGroupedPackages();
const discounted = offers.find((o) => o.discPrcentage && !o.priceException)!;
const plain = offers.find((o) => !o.discPrcentage && o.pvTitle !== discounted.pvTitle) ?? offers.find((o) => o.pvTitle !== discounted.pvTitle)!;

function renderWith(stores: AppStores, ui: React.ReactNode) {
  return render(
    <StoresProvider stores={stores}>
      {ui}
      <Snackbar />
    </StoresProvider>,
  );
}

beforeEach(() => {
  push.mockClear();
  loadPage.mockClear();
  pathname = '/services/womens-wax/';
});

describe('header actions', () => {
  it('marks <html> with what the stores hold (the CSS shows a control only when its count is marked) and names each control with its count', () => {
    const stores = createAppStores();
    renderWith(stores, <HeaderActionsClient />);
    const root = document.documentElement;
    expect(root).not.toHaveAttribute('data-bk');
    expect(root).not.toHaveAttribute('data-sh');
    expect(root).not.toHaveAttribute('data-fv');
    expect(screen.getByRole('button', { name: 'Booking Cart (empty)' })).toBeInTheDocument();
    expect(screen.getByTestId('booking-badge')).toBeEmptyDOMElement();
    act(() => {
      editCard(stores.card).addService(ref(womensWax));
      editCard(stores.card).addService(ref(womensBrows));
      stores.shop.getState().addItem(plain.pvId);
      stores.favorites.getState().add(womensWax.id);
    });
    expect(screen.getByTestId('booking-badge')).toHaveTextContent('2');
    expect(root).toHaveAttribute('data-bk', '2');
    expect(root).toHaveAttribute('data-sh', '1');
    expect(root).toHaveAttribute('data-fv', '1');
    expect(root.style.getPropertyValue('--bk')).toBe('2');
    expect(screen.getByRole('button', { name: 'Shopping Cart (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Favorites (1)' })).toHaveAttribute('href', '/services/favorites/');
    act(() => stores.favorites.getState().remove(womensWax.id));
    expect(root).not.toHaveAttribute('data-fv');
  });

  it('opens the drawers from the icons', async () => {
    const stores = createAppStores({ shop: { header: { customerId: '', checkoutId: '' }, pvItems: [plain.pvId] } });
    renderWith(stores, <HeaderActionsClient />);
    await userEvent.click(screen.getByRole('button', { name: /Booking Cart/ }));
    expect(stores.ui.getState().drawers.booking).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /Shopping Cart/ }));
    expect(stores.ui.getState().drawers).toEqual({ shop: true, booking: false });
  });

  it('signed out: a Sign in link carrying the current path', () => {
    pathname = '/specials/women/';
    renderWith(createAppStores(), <HeaderActionsClient />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin/?url=%2Fspecials%2Fwomen%2F');
  });

  it("signed in: 'Hi, {name}!' and Sign out, which signs out, clears the card customer and goes home", async () => {
    document.cookie = `BnpAuth=${authCookieValue({ id: '5', name: 'Ana' })}; Path=/`;
    globalThis.fetch = jest.fn(async () => ({ ok: true, status: 204 }) as Response);
    const stores = createAppStores({ auth: { name: 'Ana', email: 'a@example.com', customerId: '5', isAuth: true } });
    editCard(stores.card).loadCustomerCard({ ...stores.card.getState().card, customerId: '0e0e0e0e-0000-4000-8000-000000000000' }, 'customer');
    renderWith(stores, <HeaderActionsClient />);
    expect(screen.getByRole('link', { name: /^Hi, Ana ?! Your account and appointments$/ })).toHaveAttribute('href', '/account/');
    expect(document.documentElement).toHaveAttribute('data-auth');
    expect(document.documentElement.style.getPropertyValue('--nm')).toBe('"Ana"');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/auth/signout/', expect.objectContaining({ method: 'POST' }));
    // Home as a new document: Back must not find the account page in the router's cache.
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(push).not.toHaveBeenCalled();
    expect(stores.auth.getState().profile.isAuth).toBe(false);
    expect(stores.card.getState().card.customerId).toBe('');
    await waitFor(() => expect(document.documentElement).not.toHaveAttribute('data-auth'));
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('on /{loc}/services/ of another location the card, its location and the saved location stay as they were', async () => {
    const stores = createAppStores({ location: 1 });
    editCard(stores.card).addService(ref(womensWax), { location: 1 });
    editCard(stores.card).addService(ref(womensLashes), { location: 1 });
    const before = stores.card.getState().card;
    pathname = '/nolita/services/mens-wax/';
    renderWith(stores, <HeaderActionsClient />);
    // The path was read (with the route table, loaded after the page): the gender it names applies.
    await waitFor(() => expect(stores.ui.getState().gender).toBe(1));
    expect(stores.card.getState().card).toBe(before);
    expect(stores.location.getState().location).toBe(1);
    expect(screen.getByTestId('booking-badge')).toHaveTextContent('2');
  });
});

describe('the booking bar', () => {
  it('before the scripts run, its summary is a link to the booking page, which shows the cart', () => {
    const stores = createAppStores();
    editCard(stores.card).addService(ref(womensWax));
    const holder = document.createElement('div');
    holder.innerHTML = renderToString(
      <StoresProvider stores={stores}>
        <BookingBar />
      </StoresProvider>,
    );
    const summary = within(holder).getByRole('link', { name: /Your booking cart/ });
    expect(summary).toHaveAttribute('href', '/booking/');
  });

  it("after an add says how many services, their total and 'Book now'; it counts down as they are removed", async () => {
    const stores = createAppStores();
    renderWith(stores, <BookingBar />);
    expect(screen.getByRole('link', { name: 'Book now' })).toHaveAttribute('href', '/booking/');
    act(() => {
      editCard(stores.card).addService(ref(womensWax));
      editCard(stores.card).addService(ref(womensBrows));
    });
    expect(screen.getByRole('button', { name: /Your booking cart: 2 services/ })).toBeInTheDocument();
    // The prices come with the catalogue, imported on demand: slow on a busy runner.
    expect(await screen.findByTestId('booking-bar-total', {}, { timeout: 15_000 })).toHaveTextContent(formatUsd(womensWax.price + womensBrows.price));
    act(() => editCard(stores.card).removeService(womensBrows.id));
    await waitFor(() => expect(screen.getByTestId('booking-bar-total')).toHaveTextContent(formatUsd(womensWax.price)), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: /Your booking cart: 1 service\b/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Your booking cart/ }));
    expect(stores.ui.getState().drawers.booking).toBe(true);
  });
});

describe('service actions', () => {
  it('adds to the booking cart at the current location, then removes', async () => {
    const stores = createAppStores({ location: 2 });
    renderWith(stores, <ServiceActionsClient service={ref(womensWax)} serviceName={womensWax.name} />);
    await userEvent.click(screen.getByRole('button', { name: `Add to booking: ${womensWax.name}` }));
    expect(stores.card.getState().card.location).toBe(2);
    expect(stores.card.getState().card.areas[0]!.services[0]).toMatchObject({ id: womensWax.id, sku: womensWax.value });
    expect(screen.getByRole('status')).toHaveTextContent(`${womensWax.name} added`);
    await userEvent.click(screen.getByRole('button', { name: `Added to booking: ${womensWax.name}, press to remove` }));
    expect(stores.card.getState().card.areas).toEqual([]);
  });

  it('refuses a service the current location does not book online', async () => {
    const stores = createAppStores({ location: 2 });
    renderWith(stores, <ServiceActionsClient service={ref(womensLashes)} serviceName={womensLashes.name} />);
    await userEvent.click(screen.getByRole('button', { name: /Add to booking/ }));
    expect(stores.card.getState().card.areas).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('cannot be booked online at Midtown');
  });

  it("on another location's menu adds to the cart where it is, and offers to book at that location what the cart's lacks", async () => {
    const stores = createAppStores({ location: 2 });
    editCard(stores.card).addService(ref(womensWax), { location: 2 });
    window.history.pushState(null, '', '/soho/services/womens-lashes/');
    try {
      renderWith(stores, <ServiceActionsClient service={ref(womensLashes)} serviceName={womensLashes.name} />);
      await userEvent.click(screen.getByRole('button', { name: `Add to booking: ${womensLashes.name}` }));
      expect(stores.card.getState().card.location).toBe(2);
      expect(screen.getByRole('alert')).toHaveTextContent(`${womensLashes.name} cannot be booked online at Midtown, where your booking is.`);
      await userEvent.click(screen.getByRole('button', { name: 'Book at SoHo' }));
      await waitFor(() => expect(stores.card.getState().card.location).toBe(1));
      expect(screen.getByRole('button', { name: `Added to booking: ${womensLashes.name}, press to remove` })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(`${womensLashes.name} added to your booking at SoHo.`);
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('toggles the favourite, pressed when kept', async () => {
    const stores = createAppStores();
    renderWith(stores, <ServiceActionsClient service={ref(womensWax)} serviceName={womensWax.name} />);
    const button = screen.getByRole('button', { name: `Favourite: ${womensWax.name}` });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(stores.favorites.getState().ids).toEqual([womensWax.id]);
    await userEvent.click(button);
    expect(stores.favorites.getState().ids).toEqual([]);
  });
});

describe('Buy and the shopping cart drawer', () => {
  it('Buy puts the item in the cart once and opens the drawer', async () => {
    const stores = createAppStores();
    renderWith(
      stores,
      <>
        <BuyButton pvId={discounted.pvId} title={discounted.pvTitle} />
        <Drawers />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: /^Buy: / }));
    await screen.findByRole('dialog', { name: 'Shopping Cart(1)' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /^Buy: / }));
    expect(stores.shop.getState().cart.pvItems).toEqual([discounted.pvId]);
    expect(stores.ui.getState().drawers.shop).toBe(true);
    expect(within(await screen.findByRole('dialog', { name: 'Shopping Cart(1)' })).getByRole('status')).toHaveTextContent('already in your shopping cart');
  });

  it('lists items with original and discounted price, a subtotal, and removes', async () => {
    const stores = createAppStores({ shop: { header: { customerId: '', checkoutId: '' }, pvItems: [discounted.pvId, plain.pvId] } });
    stores.ui.getState().openDrawer('shop');
    renderWith(stores, <Drawers />);
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart(2)' });
    const line = within(dialog).getByText(discounted.pvTitle, { selector: 'span.font-semibold' }).closest('li')!;
    // The original is the sessions at their single price; the price charged is pvPrice, as the shop's code makes it.
    const original = offerOriginalPrice(discounted);
    expect(original).toBeGreaterThan(discounted.pvPrice);
    expect(discountedPrice(original, discounted.discPrcentage)).toBe(discounted.pvPrice);
    expect(line.querySelector('del')).toHaveTextContent(formatUsd(original));
    expect(line).toHaveTextContent(formatUsd(discounted.pvPrice));
    const subtotal = discounted.pvPrice + plain.pvPrice;
    expect(within(dialog).getByTestId('cart-subtotal')).toHaveTextContent(formatUsd(Math.round(subtotal * 100) / 100));
    expect(within(dialog).getByText('Cart Subtotal')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: `Remove ${plain.pvTitle}` }));
    expect(stores.shop.getState().cart.pvItems).toEqual([discounted.pvId]);
    expect(screen.getByRole('dialog', { name: 'Shopping Cart(1)' })).toBeInTheDocument();
  });

  it('empty, it says so and links to the packages and bundles; following the link closes it', async () => {
    const stores = createAppStores();
    stores.ui.getState().openDrawer('shop');
    renderWith(stores, <Drawers />);
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart(0)' });
    const link = within(dialog).getByRole('link', { name: 'See packages and bundles' });
    expect(link).toHaveAttribute('href', '/specials/');
    await userEvent.click(link);
    expect(stores.ui.getState().drawers.shop).toBe(false);
  });

  it('CHECK OUT with two items warns for 5 s and stops', async () => {
    const stores = createAppStores({ shop: { header: { customerId: '', checkoutId: '' }, pvItems: [discounted.pvId, plain.pvId] } });
    stores.ui.getState().openDrawer('shop');
    renderWith(stores, <Drawers />);
    await userEvent.click(await screen.findByRole('button', { name: 'CHECK OUT' }));
    expect(stores.ui.getState().notices).toEqual([expect.objectContaining({ variant: 'warning', message: 'One item allowed only!', duration: 5000 })]);
    // Inside the modal dialog, where assistive technology still reaches it; the page's own snackbar steps aside.
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('One item allowed only!');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(push).not.toHaveBeenCalled();
    expect(stores.ui.getState().drawers.shop).toBe(true);
  });

  it('CHECK OUT signed out closes the drawer and goes to sign-in for /checkout/', async () => {
    const stores = createAppStores({ shop: { header: { customerId: '', checkoutId: '' }, pvItems: [plain.pvId] } });
    stores.ui.getState().openDrawer('shop');
    renderWith(stores, <Drawers />);
    await userEvent.click(await screen.findByRole('button', { name: 'CHECK OUT' }));
    expect(push).toHaveBeenCalledWith('/signin/?url=%2Fcheckout%2F');
    expect(stores.ui.getState().drawers.shop).toBe(false);
  });

  it('checkout signed in with one item goes to /checkout/; an empty cart is logged only', () => {
    const deps = { isAuth: true, closeDrawer: jest.fn(), warn: jest.fn(), navigate: jest.fn() };
    expect(beginCheckout({ ...deps, itemCount: 1 })).toBe('checkout');
    expect(deps.navigate).toHaveBeenCalledWith('/checkout/');
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(beginCheckout({ ...deps, itemCount: 0 })).toBe('empty');
    expect(console.error).toHaveBeenCalledWith('Empty booking cart!');
    jest.mocked(console.error).mockRestore();
    expect(SIGN_IN_FOR_CHECKOUT).toBe('/signin/?url=%2Fcheckout%2F');
  });
});

describe('the booking cart drawer', () => {
  it('lists the services with names and remove buttons, BOOK NOW to /booking/', async () => {
    const stores = createAppStores();
    editCard(stores.card).addService(ref(womensWax));
    editCard(stores.card).addService(ref(womensBrows));
    stores.ui.getState().openDrawer('booking');
    renderWith(stores, <Drawers />);
    const dialog = await screen.findByRole('dialog', { name: 'Booking Cart(2)' });
    expect(within(dialog).getByRole('link', { name: 'BOOK NOW' })).toHaveAttribute('href', '/booking/');
    expect(within(dialog).getByText(womensWax.name, { selector: 'span.font-semibold' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: `Remove ${womensWax.name}` }));
    expect(screen.getByRole('dialog', { name: 'Booking Cart(1)' })).toBeInTheDocument();
    // Said, as adding is: a screen reader hears what the button did.
    expect(stores.ui.getState().notices.map((notice) => notice.message)).toContain(`${womensWax.name} removed from your booking cart.`);
  });

  it("says which services come from the customer's package, under their area's name", async () => {
    const stores = createAppStores();
    editCard(stores.card).addService(ref(womensWax), { pkg: { pkgId: 'p1', packageType: 1, qtyCombined: 6 } });
    editCard(stores.card).addService(ref(womensBrows));
    stores.ui.getState().openDrawer('booking');
    renderWith(stores, <Drawers />);
    const dialog = await screen.findByRole('dialog', { name: 'Booking Cart(2)' });
    const line = (item: typeof womensWax) => within(dialog).getByText(item.name, { selector: 'span.font-semibold' }).parentElement!;
    expect(line(womensWax)).toHaveTextContent('from your package');
    expect(line(womensBrows)).not.toHaveTextContent('from your package');
    expect(within(dialog).getByRole('heading', { level: 3, name: AREAS[womensWax.areaId as keyof typeof AREAS] })).toBeInTheDocument();
  });

  it('empty, it says so and links to the services; following the link closes it', async () => {
    const stores = createAppStores();
    stores.ui.getState().openDrawer('booking');
    renderWith(stores, <Drawers />);
    const dialog = await screen.findByRole('dialog', { name: 'Booking Cart(0)' });
    expect(within(dialog).getByText(/Your booking cart is empty\./)).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Choose a service' });
    expect(link).toHaveAttribute('href', '/services/');
    await userEvent.click(link);
    expect(stores.ui.getState().drawers.booking).toBe(false);
  });

  it('gives the focus back to the button that opened it, on Esc and on Close', async () => {
    const stores = createAppStores();
    editCard(stores.card).addService(ref(womensWax));
    renderWith(
      stores,
      <>
        <HeaderActionsClient />
        <Drawers />
      </>,
    );
    const button = screen.getByRole('button', { name: /^Booking Cart/ });
    await userEvent.click(button);
    await screen.findByRole('dialog', { name: 'Booking Cart(1)' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Booking Cart(1)' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('closes on Esc', async () => {
    const stores = createAppStores();
    stores.ui.getState().openDrawer('booking');
    renderWith(stores, <Drawers />);
    await screen.findByRole('dialog', { name: 'Booking Cart(0)' });
    await userEvent.keyboard('{Escape}');
    expect(stores.ui.getState().drawers.booking).toBe(false);
  });
});

describe('browsing gender', () => {
  it('follows the gendered menu segment, with the route table loaded after the page', async () => {
    const stores = createAppStores();
    pathname = '/midtown/services/mens-laser/';
    renderWith(stores, <HeaderActionsClient />);
    await waitFor(() => expect(stores.ui.getState().gender).toBe(1));
  });
});

describe('snackbar', () => {
  it('closes a notice with its button', async () => {
    const stores = createAppStores();
    renderWith(stores, null);
    act(() => {
      stores.ui.getState().notify({ variant: 'warning', message: 'Careful', duration: 0 });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Careful');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
