/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, waitFor } from '@testing-library/react';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { CartDrawers } from './CartDrawers';

Object.assign(globalThis, { TextEncoder, TextDecoder });
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/' }));

describe('<CartDrawers>', () => {
  it('shows the progress bar while the drawers load at their first opening, and ends it once a drawer is open', async () => {
    const stores = createAppStores();
    render(
      <StoresProvider stores={stores}>
        <CartDrawers />
      </StoresProvider>,
    );
    expect(stores.ui.getState().progress).toBe(0);
    stores.ui.getState().openDrawer('booking');
    await waitFor(() => expect(stores.ui.getState().progress).toBe(1));
    expect(await screen.findByRole('dialog', { name: 'Booking Cart(0)' })).toBeInTheDocument();
    expect(stores.ui.getState().progress).toBe(0);
  });
});
