import { randomUUID } from 'node:crypto';
import { FAVORITES_MAX, SHOP_MAX_ITEMS } from '@/lib/persistence/lists';
import { SIGNED_OUT } from '@/lib/persistence/auth';
import { createAuthStore } from './auth-store';
import { createFavoritesStore } from './favorites-store';
import { createLocationStore } from './location-store';
import { EMPTY_SHOP_CART } from '@/lib/persistence/model';
import { createShopStore } from './shop-store';
import { createUiStore, MAX_NOTICES, withProgress } from './ui-store';

describe('shop cart', () => {
  it('adds without duplicates, up to the cap', () => {
    const shop = createShopStore();
    const id = randomUUID();
    expect(shop.getState().addItem(id)).toBe('added');
    expect(shop.getState().addItem(id.toUpperCase())).toBe('duplicate');
    expect(shop.getState().cart.pvItems).toEqual([id]);
    for (let i = 1; i < SHOP_MAX_ITEMS; i += 1) shop.getState().addItem(randomUUID());
    expect(shop.getState().addItem(randomUUID())).toBe('full');
    expect(shop.getState().cart.pvItems).toHaveLength(SHOP_MAX_ITEMS);
  });
  it('removes, sets the checkout id and the customer, cleans all', () => {
    const shop = createShopStore();
    const [a, b] = [randomUUID(), randomUUID()];
    shop.getState().addItem(a);
    shop.getState().addItem(b);
    shop.getState().removeItem(a);
    expect(shop.getState().cart.pvItems).toEqual([b]);
    shop.getState().setCheckoutId('gid://shopify/Cart/1');
    const customerId = randomUUID();
    shop.getState().setCustomerId(customerId);
    expect(shop.getState().cart.header).toEqual({ customerId, checkoutId: 'gid://shopify/Cart/1' });
    shop.getState().cleanAll();
    expect(shop.getState().cart).toEqual(EMPTY_SHOP_CART);
  });
});

describe('favourites', () => {
  it('loads without duplicates and within the cap', () => {
    const favorites = createFavoritesStore();
    const id = randomUUID();
    const many = Array.from({ length: FAVORITES_MAX + 5 }, () => randomUUID());
    favorites.getState().load([id, id.toUpperCase(), ...many]);
    expect(favorites.getState().ids).toHaveLength(FAVORITES_MAX);
    expect(favorites.getState().ids[0]).toBe(id);
    expect(favorites.getState().ids[1]).toBe(many[0]);
  });
  it('adds (no duplicate, cap), removes and toggles', () => {
    const favorites = createFavoritesStore();
    const id = randomUUID();
    expect(favorites.getState().add(id)).toBe('added');
    expect(favorites.getState().add(id)).toBe('duplicate');
    expect(favorites.getState().ids).toEqual([id]);
    favorites.getState().remove(id);
    expect(favorites.getState().ids).toEqual([]);
    expect(favorites.getState().toggle(id)).toBe(true);
    expect(favorites.getState().toggle(id)).toBe(false);
    expect(favorites.getState().ids).toEqual([]);
    favorites.getState().load(Array.from({ length: FAVORITES_MAX }, () => randomUUID()));
    expect(favorites.getState().add(randomUUID())).toBe('full');
  });
});

describe('auth profile', () => {
  const profile = { name: 'Ana', email: 'ana@example.com', customerId: randomUUID() };
  it('sign-in requested, succeeded, failed; sign-out', () => {
    const auth = createAuthStore();
    auth.getState().signInRequested();
    expect(auth.getState().status).toBe('requested');
    auth.getState().signInSucceeded(profile);
    expect(auth.getState()).toMatchObject({ status: 'succeeded', profile: { ...profile, isAuth: true } });
    auth.getState().signInFailed();
    expect(auth.getState()).toMatchObject({ status: 'failed', profile: { isAuth: false } });
    auth.getState().signInSucceeded(profile);
    auth.getState().signOut();
    expect(auth.getState()).toMatchObject({ status: 'idle', profile: SIGNED_OUT });
  });
});

describe('current location', () => {
  it('sets a known location and ignores anything else', () => {
    const location = createLocationStore();
    expect(location.getState().location).toBe(0);
    location.getState().setLocation(2);
    expect(location.getState().location).toBe(2);
    location.getState().setLocation(7);
    location.getState().setLocation(1.5);
    expect(location.getState().location).toBe(2);
  });
});

describe('ui', () => {
  it('opens one drawer at a time and closes each', () => {
    const ui = createUiStore();
    ui.getState().openDrawer('shop');
    expect(ui.getState().drawers).toEqual({ shop: true, booking: false });
    ui.getState().openDrawer('booking');
    expect(ui.getState().drawers).toEqual({ shop: false, booking: true });
    ui.getState().closeDrawer('booking');
    expect(ui.getState().drawers).toEqual({ shop: false, booking: false });
  });
  it('sets and toggles the gender', () => {
    const ui = createUiStore({ gender: 1 });
    ui.getState().toggleGender();
    expect(ui.getState().gender).toBe(0);
    ui.getState().setGender(1);
    expect(ui.getState().gender).toBe(1);
  });
  it('counts calls in flight and never below zero', () => {
    const ui = createUiStore();
    ui.getState().startProgress();
    ui.getState().startProgress();
    ui.getState().endProgress();
    expect(ui.getState().progress).toBe(1);
    ui.getState().endProgress();
    ui.getState().endProgress();
    expect(ui.getState().progress).toBe(0);
  });
  it('runs progress around a call that succeeds or fails', async () => {
    const ui = createUiStore();
    const seen: number[] = [];
    await expect(withProgress(ui, async () => (seen.push(ui.getState().progress), 'ok'))).resolves.toBe('ok');
    await expect(withProgress(ui, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(seen).toEqual([1]);
    expect(ui.getState().progress).toBe(0);
  });
  it('queues notices with a default duration, keeps the newest few, dismisses by id', () => {
    const ui = createUiStore();
    const first = ui.getState().notify({ variant: 'success', message: 'one' });
    expect(ui.getState().notices[0]).toEqual({ id: first, variant: 'success', message: 'one', duration: 3000 });
    for (let i = 0; i < MAX_NOTICES; i += 1) ui.getState().notify({ variant: 'info', message: `n${i}`, duration: 5000 });
    expect(ui.getState().notices).toHaveLength(MAX_NOTICES);
    expect(ui.getState().notices.some((n) => n.id === first)).toBe(false);
    const last = ui.getState().notices.at(-1)!;
    ui.getState().dismiss(last.id);
    expect(ui.getState().notices.map((n) => n.message)).toEqual([`n0`, `n1`]);
  });
  it('a notice with an action stays until closed unless given a duration', () => {
    const ui = createUiStore();
    const onAction = jest.fn();
    ui.getState().notify({ variant: 'warning', message: 'moved', action: { label: 'Undo', onAction } });
    ui.getState().notify({ variant: 'warning', message: 'timed', action: { label: 'Undo', onAction }, duration: 8000 });
    expect(ui.getState().notices.map((n) => [n.message, n.duration, n.action?.label])).toEqual([
      ['moved', 0, 'Undo'],
      ['timed', 8000, 'Undo'],
    ]);
    expect(onAction).not.toHaveBeenCalled();
  });
  it('asks one question at a time; a yes runs its action once, a no runs nothing', () => {
    const ui = createUiStore();
    const first = jest.fn();
    const second = jest.fn();
    const question = { title: 'Replace?', message: 'Sure?', confirmLabel: 'Replace', cancelLabel: 'Keep' };
    ui.getState().ask({ ...question, onConfirm: first });
    // A newer question replaces one still open, which keeps things as they are.
    ui.getState().ask({ ...question, onConfirm: second });
    ui.getState().answer(true);
    ui.getState().answer(true);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(ui.getState().question).toBeNull();
    ui.getState().ask({ ...question, onConfirm: first });
    ui.getState().answer(false);
    expect(first).not.toHaveBeenCalled();
    expect(ui.getState().question).toBeNull();
  });
  it('offers a shop item in the shop drawer until the drawer closes', () => {
    const ui = createUiStore();
    ui.getState().offerShopItem('pv-2');
    expect(ui.getState()).toMatchObject({ shopOffer: 'pv-2', drawers: { shop: true, booking: false } });
    ui.getState().closeDrawer('booking');
    expect(ui.getState().shopOffer).toBe('pv-2');
    ui.getState().closeDrawer('shop');
    expect(ui.getState().shopOffer).toBeNull();
  });
  it('location data: requested, succeeded, failed, with progress', () => {
    const ui = createUiStore();
    ui.getState().locationDataRequested();
    expect(ui.getState()).toMatchObject({ locationData: 'requested', progress: 1 });
    ui.getState().locationDataSucceeded();
    expect(ui.getState()).toMatchObject({ locationData: 'succeeded', progress: 0 });
    ui.getState().locationDataRequested();
    ui.getState().locationDataFailed();
    expect(ui.getState()).toMatchObject({ locationData: 'failed', progress: 0 });
  });
});
