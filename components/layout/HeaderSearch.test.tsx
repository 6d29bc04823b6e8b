/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allServiceItems } from '@/lib/catalog/catalog';
import { buildSearchIndex } from '@/lib/catalog/search-index';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { HeaderSearch } from './HeaderSearch';

Object.assign(globalThis, { TextEncoder, TextDecoder });
process.env.__NEXT_TRAILING_SLASH = 'true';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => window.location.pathname }));

const servedIndex = buildSearchIndex();
let stores: AppStores;

beforeEach(async () => {
  (await import('@/components/catalog/search-index-loader')).forgetSearchIndex();
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => servedIndex }) as Response) as unknown as typeof fetch;
  stores = createAppStores({ location: 1 });
});

function renderAt(path: string) {
  window.history.pushState(null, '', path);
  render(
    <StoresProvider stores={stores}>
      <HeaderSearch />
    </StoresProvider>,
  );
  return screen.getByRole('button', { name: 'Search services' });
}

const box = () => screen.getByRole('searchbox', { name: 'Find a service' });
const shownGender = () => within(screen.getByRole('group', { name: 'Show services for' })).getByRole('button', { pressed: true });

describe('HeaderSearch', () => {
  it('is not in the page until the magnifier is tapped; the tap opens the search with its box focused', async () => {
    const user = userEvent.setup();
    const magnifier = renderAt('/services/womens-brazilian-wax/');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(magnifier).toHaveAttribute('aria-expanded', 'false');
    await user.click(magnifier);
    expect(magnifier).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveFocus();
    expect(document.getElementById(magnifier.getAttribute('aria-controls')!)).toContainElement(box());
  });

  it("starts with the page's gender: a man's service page shows men's results first", async () => {
    const user = userEvent.setup();
    await user.click(renderAt('/services/mens-brozilian-sugaring/'));
    await user.type(box(), 'braz');
    await waitFor(() => expect(shownGender()).toHaveTextContent(/^Men \(\d+\)$/));
    expect(within(screen.getByRole('list')).getAllByRole('link').every((link) => /Men · /.test(link.textContent ?? ''))).toBe(true);
  });

  it("on a page of no gender, starts with the booking cart's, else shows both", async () => {
    const user = userEvent.setup();
    const man = allServiceItems().find((item) => item.gen === 1)!;
    const { setBookedFromMenu } = await import('@/stores/booking-location');
    setBookedFromMenu(stores, { id: man.id, areaId: man.areaId, svcTypeId: man.svcType, gen: 1, svcId: man.value, duration: man.duration }, true, { serviceName: man.name });
    await user.click(renderAt('/services/'));
    await user.type(box(), 'braz');
    await waitFor(() => expect(shownGender()).toHaveTextContent(/^Men/));
  });

  it('shows both genders on a page of no gender with an empty cart', async () => {
    const user = userEvent.setup();
    await user.click(renderAt('/'));
    await user.type(box(), 'braz');
    await waitFor(() => expect(shownGender()).toHaveTextContent('All (8)'));
  });

  it('closes on Escape in an empty box (focus back on the magnifier), on its close button, and on a tap on a result', async () => {
    const user = userEvent.setup();
    const magnifier = renderAt('/services/womens-wax/');
    await user.click(magnifier);
    await user.type(box(), 'lip');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(magnifier).toHaveFocus();

    await user.click(magnifier);
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('searchbox')).toBeNull();

    await user.click(magnifier);
    await user.type(box(), 'braz');
    const link = (await screen.findAllByRole('link', { name: /Women · Waxing/ }))[0]!;
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it("keeps the search open after a result's Add, for a second service", async () => {
    const user = userEvent.setup();
    await user.click(renderAt('/services/womens-wax/'));
    await user.type(box(), 'brazilian wax');
    const add = await screen.findByRole('button', { name: /^Add to booking: Brazilian/ });
    await user.click(add);
    await screen.findByRole('button', { name: /^Added to booking: Brazilian/ });
    expect(box()).toBeInTheDocument();
  });
});
