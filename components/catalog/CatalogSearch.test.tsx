/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import type { ReactNode } from 'react';
import { act, render as renderInDom, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { SEARCH_INDEX_PATH, SEARCH_SHOWN } from '@/lib/catalog/search';
import { allServiceItems } from '@/lib/catalog/catalog';
import { buildSearchIndex } from '@/lib/catalog/search-index';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { CatalogSearch } from './CatalogSearch';

Object.assign(globalThis, { TextEncoder, TextDecoder });
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/services/' }));

// Each result's Add reads and writes the booking cart: the island sits inside the page's stores, as on the site.
let stores: AppStores;
const withStores = (node: ReactNode) => <StoresProvider stores={stores}>{node}</StoresProvider>;
const render = (node: ReactNode, options?: Parameters<typeof renderInDom>[1]) => renderInDom(withStores(node), options);

// As next.config.mjs's trailingSlash sets it in a build: next/link keeps the links' trailing slashes.
process.env.__NEXT_TRAILING_SLASH = 'true';

const servedIndex = JSON.stringify(buildSearchIndex());

function answer(body: string, status = 200) {
  return { ok: status >= 200 && status < 300, status, json: async () => JSON.parse(body) as unknown } as Response;
}

let fetchMock: jest.Mock<Promise<Response>, []>;

afterEach(() => {
  document.body.innerHTML = '';
});

// The island loads the index loader with import(), as its matcher: forget the index held by that instance.
beforeEach(async () => {
  stores = createAppStores({ location: 1 });
  (await import('./search-index-loader')).forgetSearchIndex();
  fetchMock = jest.fn(async () => answer(servedIndex));
  global.fetch = fetchMock as unknown as typeof fetch;
});

const box = () => screen.getByRole('searchbox', { name: 'Find a service' });
const status = () => screen.getByRole('status');
const resultNames = () =>
  screen.queryByRole('list') ? within(screen.getByRole('list')).getAllByRole('link').map((link) => link.querySelector('span')?.textContent) : [];

describe('CatalogSearch without its scripts', () => {
  it('is a GET form to /search/ with a labelled search box named q and a submit button', () => {
    document.body.innerHTML = renderToString(withStores(<CatalogSearch />));
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search/');
    expect(form).toHaveAttribute('method', 'get');
    expect(box()).toHaveAttribute('name', 'q');
    expect(box()).toHaveAttribute('type', 'search');
    expect(box()).toHaveAttribute('enterkeyhint', 'search');
    expect(within(form).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('CatalogSearch', () => {
  it("fetches the index on focus and lists the Brazilian services as 'braz' is typed", async () => {
    const user = userEvent.setup();
    render(<CatalogSearch />);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(box());
    expect(fetchMock).toHaveBeenCalledWith(SEARCH_INDEX_PATH);
    await user.type(box(), 'braz');
    expect(await screen.findByText('8 services found')).toBeInTheDocument();
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links).toHaveLength(8);
    expect(links[0]).toHaveAttribute('href', '/services/womens-brazilian-wax/');
    expect(links[0]).toHaveTextContent('Brazilian');
    expect(links[0]).toHaveTextContent('Women · Waxing · $75 · 45 min');
    expect(resultNames().every((name) => /^Br[ao]zilian/.test(name ?? ''))).toBe(true);
    expect(screen.getByRole('link', { name: /Brozilian.*Men · Sugaring/ })).toHaveAttribute('href', '/services/mens-brozilian-sugaring/');
  });

  it('updates the results on every keystroke, without waiting', async () => {
    const user = userEvent.setup();
    render(<CatalogSearch />);
    await user.type(box(), 'f');
    // The index has arrived; from here each keystroke is checked at once, with no wait.
    await screen.findByText(/services found/);
    expect(resultNames().length).toBeGreaterThan(0);
    await user.type(box(), 'ull');
    expect(resultNames().every((name) => /\bFull\b/.test(name ?? ''))).toBe(true);
    await user.type(box(), ' le');
    expect(resultNames().every((name) => /^Full Legs?$/.test(name ?? ''))).toBe(true);
    expect(status()).toHaveTextContent(/^\d+ services found$/);
    await user.type(box(), 'x');
    expect(resultNames()).toEqual([]);
    expect(status()).toHaveTextContent('No service matches “full lex”.');
    await user.type(box(), '{Backspace}');
    expect(resultNames().length).toBeGreaterThan(0);
  });

  it("says 'Loading…' while the index is on its way, then shows the results", async () => {
    let arrive: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (arrive = resolve)));
    const user = userEvent.setup();
    render(<CatalogSearch />);
    await user.type(box(), 'lip');
    expect(status()).toHaveTextContent('Loading…');
    expect(screen.queryByRole('list')).toBeNull();
    await act(async () => arrive(answer(servedIndex)));
    expect(status()).toHaveTextContent(/^\d+ services found$/);
    expect(resultNames()).toContain('Lip Blush');
  });

  it('fetches the index once, however often the box is focused or typed in', async () => {
    const user = userEvent.setup();
    render(<CatalogSearch />);
    await user.click(box());
    await user.tab();
    await user.click(box());
    await user.type(box(), 'chin');
    await screen.findByText(/services found/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('caps the list and links to every result on the results page', async () => {
    const user = userEvent.setup();
    render(<CatalogSearch />);
    await user.type(box(), 'wax');
    const summary = await screen.findByText(/services found/);
    const total = Number(summary.textContent?.split(' ')[0]);
    expect(total).toBeGreaterThan(SEARCH_SHOWN);
    expect(resultNames()).toHaveLength(SEARCH_SHOWN);
    expect(screen.getByRole('link', { name: `See all ${total} services` })).toHaveAttribute('href', '/search/?q=wax');
  });

  it('clears on Escape', async () => {
    const user = userEvent.setup();
    render(<CatalogSearch />);
    await user.type(box(), 'braz');
    await screen.findByText('8 services found');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('list')).toBeNull();
    expect(status()).toHaveTextContent('');
  });

  it('moves between the box and the results with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<CatalogSearch />);
    await user.type(box(), 'braz');
    await screen.findByText('8 services found');
    const links = within(screen.getByRole('list')).getAllByRole('link');
    await user.keyboard('{ArrowDown}');
    expect(links[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(links[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveFocus();
  });

  it('says so when the index cannot load, and tries again on the next focus', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockImplementationOnce(async () => answer('{}', 503));
    const user = userEvent.setup();
    render(<CatalogSearch />);
    await user.type(box(), 'lip');
    expect(await screen.findByText('Search could not load here. Press Search to see the results.')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('[search] the catalogue index did not load', expect.any(Error));
    logged.mockRestore();
    await user.tab();
    await user.click(box());
    expect(await screen.findByText(/services found/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('searches what was typed before the scripts ran', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(withStores(<CatalogSearch />));
    document.body.appendChild(container);
    (container.querySelector('input[name="q"]') as HTMLInputElement).value = 'braz';
    render(<CatalogSearch />, { container, hydrate: true });
    expect(await screen.findByText('8 services found')).toBeInTheDocument();
  });
});

describe('CatalogSearch by gender, with Add', () => {
  const switchButton = (name: RegExp) => within(screen.getByRole('group', { name: 'Show services for' })).getByRole('button', { name });

  it("shows the browsed gender's results first, the other's and all one tap away, each with its count", async () => {
    const user = userEvent.setup();
    render(<CatalogSearch gender={0} />);
    await user.type(box(), 'braz');
    await screen.findByText(/services found/);
    const women = resultNames();
    expect(women.length).toBeGreaterThan(0);
    expect(within(screen.getByRole('list')).getAllByRole('link').every((link) => /Women · /.test(link.textContent ?? ''))).toBe(true);
    expect(switchButton(/^Women/)).toHaveAttribute('aria-pressed', 'true');
    expect(status()).toHaveTextContent(`${women.length} services found`);
    await user.click(switchButton(/^Men \(\d+\)$/));
    expect(switchButton(/^Men/)).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('list')).getAllByRole('link').every((link) => /Men · /.test(link.textContent ?? ''))).toBe(true);
    expect(resultNames()).toContain('Brozilian');
    await user.click(switchButton(/^All \(8\)$/));
    expect(status()).toHaveTextContent('8 services found');
    expect(switchButton(/^Women \(\d+\)$/).textContent).toBe(`Women (${women.length})`);
  });

  it("says no service of the browsed gender matches, and offers the other's", async () => {
    const user = userEvent.setup();
    render(<CatalogSearch gender={0} />);
    await user.type(box(), 'brozilian');
    expect(await screen.findByText('No women’s service matches “brozilian”.')).toBeInTheDocument();
    await user.click(switchButton(/^Men \(\d+\)$/));
    expect(resultNames().every((name) => name === 'Brozilian')).toBe(true);
    expect(resultNames().length).toBeGreaterThan(0);
  });

  it('has no switch when the query finds one gender only and that one is shown', async () => {
    const user = userEvent.setup();
    render(<CatalogSearch gender={1} />);
    await user.type(box(), 'brozilian');
    await screen.findByText(/services found/);
    expect(screen.queryByRole('group', { name: 'Show services for' })).toBeNull();
  });

  it("adds a result to the booking from the list, as the menu's Add does", async () => {
    const user = userEvent.setup();
    render(<CatalogSearch gender={0} />);
    await user.type(box(), 'brazilian wax');
    await screen.findByText(/services? found/);
    const item = allServiceItems().find((candidate) => candidate.moniker === 'womens-brazilian-wax')!;
    await user.click(screen.getByRole('button', { name: `Add to booking: ${item.name} (Women · Waxing)` }));
    expect(await screen.findByRole('button', { name: `Added to booking: ${item.name}, press to remove (Women · Waxing)` })).toHaveTextContent('Added');
    expect(stores.card.getState().card.areas[0]!.services[0]).toMatchObject({ id: item.id, sku: item.value, minutes: item.duration });
  });

  it('focuses the box as it appears when asked (the header opens it so), and starts loading the index', async () => {
    render(<CatalogSearch autoFocus />);
    expect(box()).toHaveFocus();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(SEARCH_INDEX_PATH));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
