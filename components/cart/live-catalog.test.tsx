/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { allGroupedPackages, allServiceItems } from '@/lib/catalog/catalog';
import { formatUsd } from '@/lib/catalog/format';
import { forgetLiveCatalog, LIVE_CATALOG_PATH, LIVE_CATALOG_REFRESH_MS } from '@/lib/catalog/live-feed';
import { liveCatalogOf } from '@/lib/catalog/live-overlay';
import { resetCatalogSnapshot, seedSnapshot } from '@/lib/catalog/snapshot';
import { rowsOfSnapshot, snapshotOfRows } from '@/lib/catalog/snapshot-rows';
import { editCard } from '@/stores/card-edits';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { BookingBar } from './BookingBar';
import { CartDrawers } from './CartDrawers';

/**
 * The drawers and the booking bar carry the seed's catalogue (lib/catalog/data) in their code; a change the owner
 * published since reaches them through /catalog-live.json (lib/catalog/live-overlay.ts).
 */
Object.assign(globalThis, { TextEncoder, TextDecoder });
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/services/womens-wax/' }));

const seed = seedSnapshot();
const brazilian = allServiceItems().find((item) => item.moniker === 'womens-brazilian-wax')!;
const pkg = allGroupedPackages().find((offer) => offer.pvType === 3 && offer.psvc[0]?.svcMoniker === brazilian.moniker)!;
const realFetch = globalThis.fetch;
let feed: unknown;
const asked: string[] = [];

/** The feed of a catalogue where the Brazilian is renamed and costs `price`, and its first package `packagePrice`. */
function published(version: number, price: number, packagePrice: number) {
  const rows = rowsOfSnapshot(seed);
  const services = rows.services.map((row) => (row.id === brazilian.id ? { ...row, price, data: { ...row.data, price, name: 'Brazilian Wax' } } : row));
  const offers = rows.offers.map((row) => (row.id === pkg.pvId ? { ...row, price: packagePrice, data: { ...row.data, pvPrice: packagePrice } } : row));
  return JSON.parse(JSON.stringify(liveCatalogOf(snapshotOfRows({ ...rows, services, offers, serviceTypes: seed.serviceTypes, version })))) as unknown;
}

const addBrazilian = (stores: ReturnType<typeof createAppStores>) =>
  editCard(stores.card).addService({ id: brazilian.id, areaId: brazilian.areaId, svcTypeId: brazilian.svcType, gen: brazilian.gen, svcId: brazilian.value, duration: brazilian.duration });

beforeEach(() => {
  asked.length = 0;
  globalThis.fetch = (async (url: string) => {
    asked.push(url);
    return { ok: true, status: 200, json: async () => feed } as Response;
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  forgetLiveCatalog();
  resetCatalogSnapshot();
  jest.restoreAllMocks();
});

describe('the cart with the catalogue the site publishes', () => {
  it('shows the published names and prices from the drawers first opening, and a later change at the next opening', async () => {
    feed = published(3, 82, 210);
    const stores = createAppStores();
    addBrazilian(stores);
    stores.shop.getState().addItem(pkg.pvId);
    render(
      <StoresProvider stores={stores}>
        <CartDrawers />
      </StoresProvider>,
    );
    act(() => stores.ui.getState().openDrawer('booking'));
    const booking = await screen.findByRole('dialog', { name: 'Booking Cart(1)' });
    expect(within(booking).getByRole('button', { name: 'Remove Brazilian Wax' })).toBeInTheDocument();
    expect(booking).toHaveTextContent(formatUsd(82));
    expect(booking).not.toHaveTextContent(formatUsd(brazilian.price));
    act(() => stores.ui.getState().closeDrawer('booking'));

    // Published on another instance a while later.
    feed = published(4, 88, 215);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + LIVE_CATALOG_REFRESH_MS + 1);
    act(() => stores.ui.getState().openDrawer('shop'));
    const shop = await screen.findByRole('dialog', { name: 'Shopping Cart(1)' });
    await waitFor(() => expect(within(shop).getByTestId('cart-subtotal')).toHaveTextContent(formatUsd(215)));
    expect(asked).toEqual([LIVE_CATALOG_PATH, LIVE_CATALOG_PATH]);
  });

  it('totals the booking bar at the published prices', async () => {
    feed = published(5, 90, 210);
    const stores = createAppStores();
    addBrazilian(stores);
    render(
      <StoresProvider stores={stores}>
        <BookingBar />
      </StoresProvider>,
    );
    expect(await screen.findByTestId('booking-bar-total', {}, { timeout: 15_000 })).toHaveTextContent(formatUsd(90));
  });

  it('says a retired service in the booking cart is no longer offered', async () => {
    const rows = rowsOfSnapshot(seed);
    const services = rows.services.map((row) => (row.id === brazilian.id ? { ...row, retiredAt: new Date('2026-11-01T00:00:00Z') } : row));
    feed = JSON.parse(JSON.stringify(liveCatalogOf(snapshotOfRows({ ...rows, services, serviceTypes: seed.serviceTypes, version: 6 }))));
    const stores = createAppStores();
    addBrazilian(stores);
    render(
      <StoresProvider stores={stores}>
        <CartDrawers />
      </StoresProvider>,
    );
    act(() => stores.ui.getState().openDrawer('booking'));
    const booking = await screen.findByRole('dialog', { name: 'Booking Cart(1)' });
    await waitFor(() => expect(booking).toHaveTextContent('No longer offered: remove it to book.'));
  });
});
