/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { buildSearchIndex } from '@/lib/catalog/search-index';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { polyfillModalDialogs } from '@/lib/test-support/modal-dialogs';
import { Header } from './Header';

Object.assign(globalThis, { TextEncoder, TextDecoder });
process.env.__NEXT_TRAILING_SLASH = 'true';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/specials/' }));

beforeAll(polyfillModalDialogs);

let stores: AppStores;
let container: HTMLDivElement;
let root: Root | undefined;

beforeEach(() => {
  window.history.pushState(null, '', '/specials/');
  const servedIndex = buildSearchIndex();
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => servedIndex }) as Response) as unknown as typeof fetch;
  stores = createAppStores({ location: 1 });
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

const header = () => (
  <StoresProvider stores={stores}>
    <Header search />
  </StoresProvider>
);

function serverHtml() {
  container.innerHTML = renderToString(header());
}

async function hydrate() {
  await act(async () => {
    root = hydrateRoot(container, header());
  });
}

/**
 * A tap, and whether the browser would follow the link it hit (no handler prevented it). jsdom cannot navigate, so
 * the tap's default is stopped once the page's own handlers have run.
 */
async function tap(element: Element, init?: MouseEventInit): Promise<boolean> {
  let followed = false;
  const last = (event: Event) => {
    followed = !event.defaultPrevented && event.target instanceof Element && event.target.closest('a[href]') !== null;
    event.preventDefault();
  };
  window.addEventListener('click', last, { once: true });
  await act(async () => {
    fireEvent.click(element, init);
  });
  return followed;
}

describe('the header before and after its scripts', () => {
  it('before hydration, its menu, search and booking cart are links to pages that do their job', () => {
    serverHtml();
    // As a browser running scripts shows it before they arrive: what is in <noscript> is not shown there.
    for (const hidden of container.querySelectorAll('noscript')) hidden.remove();
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByRole('link', { name: 'Menu: every page of the site' })).toHaveAttribute('href', '/site-map/');
    expect(banner.getByRole('link', { name: 'Search services' })).toHaveAttribute('href', '/search/');
    expect(banner.getByRole('link', { name: 'Booking Cart' })).toHaveAttribute('href', '/booking/');
    expect(banner.queryByRole('button', { name: /Open menu|Search services|Booking Cart/ })).toBeNull();
  });

  it('after hydration, the menu is a button that opens the drawer without following its link', async () => {
    serverHtml();
    const errors = jest.spyOn(console, 'error');
    await hydrate();
    expect(errors).not.toHaveBeenCalled();
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-haspopup', 'dialog');
    expect(await tap(menu)).toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toHaveAttribute('open');
    expect(window.location.pathname).toBe('/specials/');
  });

  it('after hydration, the magnifier opens the search under the header, and the booking cart its drawer, without following their links', async () => {
    serverHtml();
    await hydrate();
    const magnifier = screen.getByRole('button', { name: 'Search services' });
    expect(magnifier).toHaveAttribute('aria-expanded', 'false');
    expect(await tap(magnifier)).toBe(false);
    expect(magnifier).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox', { name: 'Find a service' })).toHaveFocus();

    expect(stores.ui.getState().drawers.booking).toBe(false);
    expect(await tap(screen.getByRole('button', { name: /^Booking Cart/ }))).toBe(false);
    expect(stores.ui.getState().drawers.booking).toBe(true);
  });

  it('after hydration, Space presses the menu as a button, and a tap for a new tab is left to the link', async () => {
    serverHtml();
    await hydrate();
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(await tap(menu, { ctrlKey: true })).toBe(true);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(fireEvent.keyDown(menu, { key: ' ' })).toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toHaveAttribute('open');
  });
});
