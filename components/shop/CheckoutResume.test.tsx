/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { Activity } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { CheckoutResume } from './CheckoutResume';
import { requestCheckout, SIGN_IN_TO_CHECK_OUT } from './checkout-request';

Object.assign(globalThis, { TextEncoder, TextDecoder });
process.env.__NEXT_TRAILING_SLASH = 'true';

const PV = '58a39b61-ae53-4aea-8a3c-25f7524cd1d8';
const PV2 = '11111111-2222-4333-8444-555555555555';

function answer(status: number, body: unknown): Response {
  return { status, ok: status >= 200 && status < 300, json: async () => body } as Response;
}

function setup(pvItems: string[], checkoutId = '', { defaultNavigate = false } = {}) {
  const stores = createAppStores();
  for (const id of pvItems) stores.shop.getState().addItem(id);
  stores.shop.getState().setCheckoutId(checkoutId);
  const navigate = jest.fn();
  render(<StoresProvider stores={stores}>{defaultNavigate ? <CheckoutResume /> : <CheckoutResume navigate={navigate} />}</StoresProvider>);
  return { stores, navigate };
}

const ALREADY_BOUGHT = {
  error: {
    code: 'already-bought',
    message: 'This first-session offer is for new clients, and you have bought a first-session offer before. Please remove it: the service’s packages are on its page.',
  },
};

/** Some real time for renders and effects to run again (the old page asked again on every render). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const fetchMock = jest.fn();
let errorLog: jest.SpyInstance;
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorLog.mockRestore());

describe('the /checkout/ page island', () => {
  it('posts the shop cart, stores the returned checkout id and goes to the checkout address', async () => {
    fetchMock.mockResolvedValue(answer(200, { checkoutId: 'gid://shopify/Cart/abc', checkoutUrl: 'http://localhost/demo-checkout/abc/' }));
    const { stores, navigate } = setup([PV], 'gid://shopify/Cart/old');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://localhost/demo-checkout/abc/'));
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ pvIds: [PV], checkoutId: 'gid://shopify/Cart/old' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/shop/checkout/');
    expect(stores.shop.getState().cart.header.checkoutId).toBe('gid://shopify/Cart/abc');
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to the secure checkout');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a visitor who is not signed in to sign-in with the way back to /checkout/', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'unauthorized', message: 'Please sign in to check out.' } }));
    const { navigate } = setup([PV]);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(SIGN_IN_TO_CHECK_OUT));
    expect(SIGN_IN_TO_CHECK_OUT).toBe('/signin/?url=%2Fcheckout%2F');
  });

  it("says the cart is empty and logs 'Empty booking cart!' without calling the server", async () => {
    setup([]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your shopping cart is empty');
    expect(errorLog).toHaveBeenCalledWith('Empty booking cart!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("stops with 'One item allowed only!' for more than one item", async () => {
    setup([PV, PV2]);
    expect(await screen.findByRole('alert')).toHaveTextContent('One item allowed only!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the shop is down, keeps the shop cart, and retries on 'Try again'", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(503, { error: { code: 'unreachable', message: 'The shop cannot be reached right now. Your cart is kept; please try again in a minute.' } }),
    );
    const { stores, navigate } = setup([PV]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop cannot be reached right now');
    expect(stores.shop.getState().cart.pvItems).toEqual([PV]);
    expect(navigate).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(answer(200, { checkoutId: 'gid://shopify/Cart/new', checkoutUrl: 'http://localhost/demo-checkout/new/' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://localhost/demo-checkout/new/'));
  });
});

describe('a refused or failed checkout on /checkout/', () => {
  it('asks once, says why, and stays quiet: a refusal is not asked again by any render', async () => {
    fetchMock.mockResolvedValue(answer(409, ALREADY_BOUGHT));
    const { stores } = setup([PV], '', { defaultNavigate: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('you have bought a first-session offer before');
    // Renders from the stores (progress, a notice) must not start it again.
    stores.ui.getState().startProgress();
    stores.ui.getState().endProgress();
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to remove the refused item, then says the cart is empty (without logging it) with the focus on the way on', async () => {
    fetchMock.mockResolvedValue(answer(409, ALREADY_BOUGHT));
    const { stores } = setup([PV], 'gid://shopify/Cart/kept');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove it from my cart' }));
    expect(stores.shop.getState().cart.pvItems).toEqual([]);
    expect(stores.shop.getState().cart.header.checkoutId).toBe('gid://shopify/Cart/kept');
    expect(screen.getByRole('alert')).toHaveTextContent('Your shopping cart is empty');
    expect(screen.getByRole('link', { name: 'See packages and specials' })).toHaveFocus();
    expect(errorLog).not.toHaveBeenCalledWith('Empty booking cart!');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offers signing in with another account, back to /checkout/, to a customer refused the item', async () => {
    fetchMock.mockResolvedValue(answer(409, { error: { code: 'not-new-client', message: 'This first-session offer is for new clients, and you have visited us before.' } }));
    setup([PV]);
    expect(await screen.findByRole('link', { name: 'Sign in with another account' })).toHaveAttribute('href', SIGN_IN_TO_CHECK_OUT);
  });

  it('offers removal, not a try again, for an item the shop does not sell', async () => {
    fetchMock.mockResolvedValue(answer(422, { error: { code: 'not-in-shop', message: 'This item cannot be bought online yet. Please call the salon to buy it.' } }));
    setup([PV]);
    expect(await screen.findByRole('button', { name: 'Remove it from my cart' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('tries again only when tapped, once per tap, and keeps the focus on Try again after another failure', async () => {
    fetchMock.mockResolvedValue(answer(503, { error: { code: 'unreachable', message: 'The shop cannot be reached right now. Your cart is kept; please try again in a minute.' } }));
    setup([PV], '', { defaultNavigate: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus());
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('checks out once more when the page is shown again (Next.js keeps a page left by client navigation, hidden)', async () => {
    fetchMock.mockResolvedValueOnce(answer(409, ALREADY_BOUGHT));
    const stores = createAppStores();
    stores.shop.getState().addItem(PV);
    const navigate = jest.fn();
    const page = (mode: 'visible' | 'hidden') => (
      <StoresProvider stores={stores}>
        <Activity mode={mode}>
          <CheckoutResume navigate={navigate} />
        </Activity>
      </StoresProvider>
    );
    const { rerender } = render(page('visible'));
    expect(await screen.findByRole('alert')).toHaveTextContent('you have bought a first-session offer before');
    rerender(page('hidden'));
    // Back after signing in with another account, who may check out.
    fetchMock.mockResolvedValueOnce(answer(200, { checkoutId: 'gid://shopify/Cart/other', checkoutUrl: 'http://localhost/demo-checkout/other/' }));
    rerender(page('visible'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://localhost/demo-checkout/other/'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('with more than one item, offers the shopping cart to remove the others', async () => {
    const { stores } = setup([PV, PV2]);
    await userEvent.click(await screen.findByRole('button', { name: 'Open my shopping cart' }));
    expect(stores.ui.getState().drawers.shop).toBe(true);
  });
});

describe('requestCheckout', () => {
  it('turns a network failure or an unexpected answer into a sentence for the person', async () => {
    const down = await requestCheckout({ pvIds: [PV], checkoutId: '' }, (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(down).toEqual({ kind: 'failed', message: expect.stringContaining('your cart is kept') });
    const odd = await requestCheckout({ pvIds: [PV], checkoutId: '' }, (async () => answer(500, 'oops')) as unknown as typeof fetch);
    expect(odd).toEqual({ kind: 'failed', message: expect.stringContaining('Your cart is kept') });
  });
});
