/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allGroupedPackages, allServiceItems, isFirstVisitOffer } from '@/lib/catalog/catalog';
import { cardServiceIds } from '@/lib/booking/card';
import { editCard } from '@/stores/card-edits';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { Questions } from '@/components/ui/Questions';
import { BuyButton } from '@/components/shop/BuyButton';
import { ServiceActionsClient } from './ServiceActionsClient';
import Drawers from './Drawers';

// The choices a cart offers instead of doing something the customer did not ask for: one shop item at checkout,
// one gender per booking.

beforeAll(() => loadNoticeList());
Object.assign(globalThis, { TextEncoder, TextDecoder });
process.env.__NEXT_TRAILING_SLASH = 'true';
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push }), usePathname: () => '/services/' }));

const items = allServiceItems();
const womensWax = items.find((i) => i.gen === 0 && i.svcType === 1)!;
const womensBrows = items.find((i) => i.gen === 0 && i.svcType === 64)!;
const mensWax = items.find((i) => i.gen === 1 && i.svcType === 2)!;
const ref = (item: typeof womensWax) => ({ id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration });
const offers = allGroupedPackages();
const first = offers.find((o) => !isFirstVisitOffer(o))!;
const second = offers.find((o) => !isFirstVisitOffer(o) && o.pvId !== first.pvId)!;
const firstVisit = offers.find((o) => isFirstVisitOffer(o))!;

function renderWith(stores: AppStores, ui: React.ReactNode) {
  return render(
    <StoresProvider stores={stores}>
      {ui}
      <Questions />
      <Snackbar />
    </StoresProvider>,
  );
}

describe('Buy with another item in the shopping cart', () => {
  it('adds nothing, says one item is allowed, and offers to replace the first by one tap, the focus on Replace', async () => {
    const stores = createAppStores({ shop: { header: { customerId: '', checkoutId: 'gid://shopify/Cart/kept' }, pvItems: [first.pvId] } });
    renderWith(
      stores,
      <>
        <BuyButton pvId={second.pvId} title={second.pvTitle} />
        <Drawers />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: `Buy: ${second.pvTitle}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart(1)' });
    expect(stores.shop.getState().cart.pvItems).toEqual([first.pvId]);
    expect(within(dialog).getByText(/^One item allowed only!/, { selector: 'strong' }).parentElement).toHaveTextContent(
      `One item allowed only! Your shopping cart holds ${first.pvTitle}. Replace it with ${second.pvTitle}?`,
    );
    const replace = within(dialog).getByRole('button', { name: `Replace with ${second.pvTitle}` });
    await waitFor(() => expect(replace).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(stores.shop.getState().cart.pvItems).toEqual([second.pvId]);
    expect(stores.shop.getState().cart.header.checkoutId).toBe('gid://shopify/Cart/kept');
    expect(within(dialog).getByRole('button', { name: 'CHECK OUT' })).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent(`${second.pvTitle} replaced ${first.pvTitle} in your shopping cart.`);
    expect(within(dialog).queryByRole('button', { name: /^Replace with/ })).toBeNull();
  });

  it('Keep leaves the cart as it was; closing the drawer forgets the offer', async () => {
    const stores = createAppStores({ shop: { header: { customerId: '', checkoutId: '' }, pvItems: [first.pvId] } });
    renderWith(
      stores,
      <>
        <BuyButton pvId={second.pvId} title={second.pvTitle} />
        <Drawers />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: `Buy: ${second.pvTitle}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart(1)' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(stores.shop.getState().cart.pvItems).toEqual([first.pvId]);
    expect(within(dialog).getByRole('button', { name: 'CHECK OUT' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: `Buy: ${second.pvTitle}` }));
    await userEvent.keyboard('{Escape}');
    expect(stores.ui.getState().shopOffer).toBeNull();
    expect(stores.shop.getState().cart.pvItems).toEqual([first.pvId]);
  });
});

describe('a first-visit offer in the shopping cart of a signed-in customer', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('says in the drawer, before CHECK OUT, that checkout would refuse it', async () => {
    const message = 'This first-session offer is for new clients, and you have visited us before. Please remove it: the service’s packages are on its page.';
    fetchMock.mockResolvedValue({ ok: true, json: async () => ({ newClient: false, message }) });
    const stores = createAppStores({ shop: { header: { customerId: '', checkoutId: '' }, pvItems: [firstVisit.pvId] } });
    stores.auth.setState({ profile: { ...stores.auth.getState().profile, isAuth: true } });
    stores.ui.getState().openDrawer('shop');
    renderWith(stores, <Drawers />);
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart(1)' });
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/shop/new-client/', { credentials: 'same-origin' });
  });

  it('asks nothing for a visitor who is not signed in, or for other items', async () => {
    const stores = createAppStores({ shop: { header: { customerId: '', checkoutId: '' }, pvItems: [firstVisit.pvId] } });
    stores.ui.getState().openDrawer('shop');
    renderWith(stores, <Drawers />);
    await screen.findByRole('dialog', { name: 'Shopping Cart(1)' });
    act(() => {
      stores.auth.setState({ profile: { ...stores.auth.getState().profile, isAuth: true } });
      stores.shop.getState().removeItem(firstVisit.pvId);
      stores.shop.getState().addItem(first.pvId);
    });
    await screen.findByRole('dialog', { name: 'Shopping Cart(1)' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Add to booking with services of the other gender in the booking cart', () => {
  function womensCart() {
    const stores = createAppStores();
    editCard(stores.card).addService(ref(womensWax), { location: 1 });
    editCard(stores.card).addService(ref(womensBrows), { location: 1 });
    renderWith(stores, <ServiceActionsClient service={ref(mensWax)} serviceName={mensWax.name} />);
    return stores;
  }

  it('asks in a dialog that takes the focus (on Keep) and gives it back to the button; Keep and Escape change nothing', async () => {
    const stores = womensCart();
    const before = stores.card.getState().card;
    const add = screen.getByRole('button', { name: `Add to booking: ${mensWax.name}` });
    await userEvent.click(add);
    const question = await screen.findByRole('alertdialog', { name: 'Replace your booking cart?' });
    expect(question).toHaveAccessibleDescription(`Your booking cart holds 2 women's services, and one booking is for one gender. Replace them with ${mensWax.name} (men's)?`);
    expect(within(question).getByRole('button', { name: 'Keep my booking cart' })).toHaveFocus();
    await userEvent.click(within(question).getByRole('button', { name: 'Keep my booking cart' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(add).toHaveFocus();
    expect(stores.card.getState().card).toBe(before);

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(add).toHaveFocus();
    expect(stores.card.getState().card).toBe(before);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('replaces the cart on Replace, says so without a green success for the loss, and Undo brings the cart back', async () => {
    const stores = womensCart();
    const before = stores.card.getState().card;
    await userEvent.click(screen.getByRole('button', { name: `Add to booking: ${mensWax.name}` }));
    const question = await screen.findByRole('alertdialog');
    await userEvent.tab();
    expect(within(question).getByRole('button', { name: `Replace with ${mensWax.name}` })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cardServiceIds(stores.card.getState().card)).toEqual([mensWax.id]);
    const added = screen.getByRole('button', { name: `Added to booking: ${mensWax.name}, press to remove` });
    expect(added).toHaveFocus();
    const taken = screen.getByRole('status');
    expect(taken).toHaveTextContent(`Info: ${mensWax.name} (men's) replaced your 2 women's services in your booking cart.`);
    await userEvent.click(within(taken).getByRole('button', { name: 'Undo' }));
    expect(stores.card.getState().card).toBe(before);
    expect(screen.getByRole('button', { name: `Add to booking: ${mensWax.name}` })).toBeInTheDocument();
  });
});
