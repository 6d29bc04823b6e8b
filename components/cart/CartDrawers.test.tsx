/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, waitFor } from '@testing-library/react';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { CartDrawers } from './CartDrawers';

Object.assign(globalThis, { TextEncoder, TextDecoder });
let pathname = '/';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => pathname }));

beforeEach(() => {
  pathname = '/';
});

describe('<CartDrawers>', () => {
  it('shows the progress bar while the drawers load at their first opening, and ends it once a drawer is open', async () => {
    const stores = createAppStores();
    render(
      <StoresProvider stores={stores}>
        <CartDrawers />
      </StoresProvider>,
    );
    expect(stores.ui.getState().progress).toBe(0);
    // Every value the bar takes, seen as it is set: polling could miss a load that ends between two looks.
    const seen: number[] = [];
    const stop = stores.ui.subscribe((state) => {
      if (seen.at(-1) !== state.progress) seen.push(state.progress);
    });
    stores.ui.getState().openDrawer('booking');
    // The drawers' first import is compiled on the spot: on a cold cache beside another worker it took over findBy's 1 s.
    expect(await screen.findByRole('dialog', { name: 'Booking Cart(0)' }, { timeout: 15_000 })).toBeInTheDocument();
    stop();
    expect(seen).toContain(1);
    expect(stores.ui.getState().progress).toBe(0);
  });

  it('closes a drawer asked for on one page when another page opens, before or after its code has loaded', async () => {
    const stores = createAppStores();
    const tree = (
      <StoresProvider stores={stores}>
        <CartDrawers />
      </StoresProvider>
    );
    const { rerender } = render(tree);
    // Asked for, then the customer taps on to the booking page while the drawer's code is still loading.
    stores.ui.getState().openDrawer('booking');
    pathname = '/booking/';
    rerender(tree);
    await waitFor(() => expect(stores.ui.getState().drawers.booking).toBe(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Opened on the new page, it stays open.
    stores.ui.getState().openDrawer('shop');
    expect(await screen.findByRole('dialog', { name: /^Shopping Cart/ })).toBeInTheDocument();
    rerender(tree);
    expect(stores.ui.getState().drawers.shop).toBe(true);
  });
});
