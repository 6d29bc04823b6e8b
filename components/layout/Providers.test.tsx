/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useStoreApis } from '@/stores/provider';
import { Providers } from './Providers';

Object.assign(globalThis, { TextEncoder, TextDecoder });
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/', useSearchParams: () => new URLSearchParams() }));
jest.mock('@vercel/analytics/next', () => ({ Analytics: () => <span data-testid="analytics" /> }));

function OpenBookingCart() {
  const stores = useStoreApis();
  return (
    <button type="button" onClick={() => stores.ui.getState().openDrawer('booking')}>
      open
    </button>
  );
}

describe('Providers', () => {
  it('adds Vercel analytics in the browser only, and only when asked', async () => {
    expect(renderToString(<Providers analytics>page</Providers>)).not.toContain('analytics');
    const { unmount } = render(<Providers>page</Providers>);
    await act(async () => {});
    expect(screen.queryByTestId('analytics')).not.toBeInTheDocument();
    unmount();
    render(<Providers analytics>page</Providers>);
    expect(await screen.findByTestId('analytics')).toBeInTheDocument();
  });

  it('loads the drawers when one is first opened', async () => {
    render(
      <Providers>
        <OpenBookingCart />
      </Providers>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'open' }).click());
    // The drawers' module (with the catalogue's names and prices) is compiled on first import: slow on a busy runner.
    expect(await screen.findByRole('dialog', { name: /^Booking Cart/ }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
