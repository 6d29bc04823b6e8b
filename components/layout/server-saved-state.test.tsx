/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { allServiceItems } from '@/lib/catalog/catalog';
import { EMPTY_SUMMARY, type SavedStateSummary } from '@/lib/persistence/summary';
import { StoresProvider } from '@/stores/provider';
import { ServerSavedStateProvider } from '@/stores/server-saved-state';
import { settled } from '@/lib/test-support/settled';
import { HeaderActionsClient } from '@/components/ui/HeaderActionsClient';
import { ServiceActionsClient } from '@/components/cart/ServiceActionsClient';

// The layouts rendered per request read the cookies and hand their summary down: the server HTML must show it, and
// hydrating that HTML in the browser must agree with it (no hydration error) before the stores hold the saved state.

Object.assign(globalThis, { TextEncoder, TextDecoder, IS_REACT_ACT_ENVIRONMENT: true });
process.env.__NEXT_TRAILING_SLASH = 'true';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/with-saved-state/services/womens-wax/' }));

const [booked, favourite, other] = allServiceItems().filter((item) => item.gen === 0 && item.svcType === 1);
const ref = (item: NonNullable<typeof booked>) => ({ id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration });

function Page({ summary }: { summary?: SavedStateSummary }) {
  const content = (
    <>
      <HeaderActionsClient />
      {[booked!, favourite!, other!].map((item) => (
        <ServiceActionsClient key={item.id} service={ref(item)} serviceName={item.name} />
      ))}
    </>
  );
  // The code that fills the stores from the cookies never arrives here: what shows is the server's reading.
  return <StoresProvider loadCode={() => new Promise(() => {})}>{summary ? <ServerSavedStateProvider value={settled(summary)}>{content}</ServerSavedStateProvider> : content}</StoresProvider>;
}

const summary: SavedStateSummary = {
  ...EMPTY_SUMMARY,
  bookingCount: 2,
  shopCount: 1,
  favoritesCount: 1,
  isAuth: true,
  name: 'Ana',
  bookedIds: [booked!.id, 'another-area-service'],
  favoriteIds: [favourite!.id],
};

describe('badges and marks from the server reading of the cookies', () => {
  it('are in the server HTML', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page summary={summary} />);
    expect(container.querySelector('[data-testid="booking-badge"]')?.textContent).toBe('2');
    expect(container.querySelector('[data-testid="shop-badge"]')?.textContent).toBe('1');
    expect(container.querySelector('[data-testid="favorites-badge"]')?.textContent).toBe('1');
    expect(container.textContent).toContain('Hi, Ana!');
    expect(container.textContent).toContain('Sign out');
    const label = (name: string) => container.querySelector(`[aria-label="${name}"]`);
    expect(label(`Remove from booking: ${booked!.name}`)).not.toBeNull();
    expect(label(`Add to booking: ${favourite!.name}`)).not.toBeNull();
    expect(label(`Favourite: ${favourite!.name}`)?.getAttribute('aria-pressed')).toBe('true');
    expect(label(`Favourite: ${other!.name}`)?.getAttribute('aria-pressed')).toBe('false');
  });

  it('a prerendered page (no provider) shows an empty header with a sign-in link to the address the visitor sees', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    expect(container.querySelector('[data-testid$="-badge"]')).toBeNull();
    expect(container.querySelector('a[href^="/signin/"]')?.getAttribute('href')).toBe(`/signin/?url=${encodeURIComponent('/services/womens-wax/')}`);
  });

  it('hydrate without a mismatch', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(<Page summary={summary} />);
    const before = container.innerHTML;
    const recoverable = jest.fn();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <Page summary={summary} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(before);
    consoleError.mockRestore();
  });
});
