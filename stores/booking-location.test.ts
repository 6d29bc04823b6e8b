import type { StoreApi } from 'zustand/vanilla';
import { randomUUID } from 'node:crypto';
import { cardServiceIds, emptyBookingCard } from '@/lib/booking/card';
import { addToCard, editCard, withDate, withTherapist } from './card-edits';
import type { CardStore, ServiceRef } from './card-store';
import { createAppStores, type AppStores } from './create-stores';
import {
  addFromMenu,
  askGenderSwitch,
  bookBoughtServices,
  browsingLocationOf,
  chooseBookingLocation,
  planMenuAdd,
  removedSentence,
  setBookedFromMenu,
  type NameOf,
} from './booking-location';

// The therapist and day as the booking page's reducer sets them (stores/card-edits.ts, withTherapist and withDate).
const setTherapist = (api: StoreApi<CardStore>, areaId: number, therapist: number) => api.setState({ card: withTherapist(api.getState().card, areaId, therapist) });
const setDate = (api: StoreApi<CardStore>, areaId: number, date: string) => api.setState({ card: withDate(api.getState().card, areaId, date) });

// Offerings (specification section 6): SoHo (1) all, Midtown (2) types 1, 2, 4, 8, 64, Williamsburg (3) none,
// Nolita (4) types 1, 2, 4, 64.
const wax = (id = randomUUID()): ServiceRef => ({ id, areaId: 1, svcTypeId: 1, gen: 0 });
const laser = (id = randomUUID()): ServiceRef => ({ id, areaId: 1, svcTypeId: 4, gen: 0 });
const lashes = (id = randomUUID()): ServiceRef => ({ id, areaId: 2, svcTypeId: 32, gen: 0 });
const menWax = (id = randomUUID()): ServiceRef => ({ id, areaId: 1, svcTypeId: 2, gen: 1 });

const names = new Map<string, string>();
const named = (ref: ServiceRef, name: string) => (names.set(ref.id, name), ref);
const nameOf: NameOf = (id) => names.get(id);
const loadNames = async () => nameOf;

let stores: AppStores;
beforeEach(() => {
  stores = createAppStores();
});
const card = () => stores.card.getState().card;
const notices = () => stores.ui.getState().notices;
const lastNotice = () => notices().at(-1)!;
/** Lets the promise of a notice's action settle. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('browsingLocationOf', () => {
  it("names the location of a location's menu or service page only", () => {
    expect(browsingLocationOf('/midtown/services/womens-wax/')).toBe(2);
    expect(browsingLocationOf('/williamsburg/services/brazilian/')).toBe(3);
    expect(browsingLocationOf('/services/womens-wax/')).toBeUndefined();
    expect(browsingLocationOf('/soho/')).toBeUndefined();
    expect(browsingLocationOf('/nowhere/services/womens-wax/')).toBeUndefined();
  });
});

describe('removedSentence', () => {
  it('names one or several services and the location', () => {
    expect(removedSentence(['Brazilian Laser'], 3)).toBe('Brazilian Laser is not offered in Williamsburg and was taken out of your booking.');
    expect(removedSentence(['Lash Lift', 'Brow Tint', 'Facial'], 4)).toBe('Lash Lift, Brow Tint and Facial are not offered in Nolita and were taken out of your booking.');
  });
});

describe('chooseBookingLocation', () => {
  it('moves the cart, lists what did not fit and offers an Undo that puts back the cart and the location exactly', () => {
    const kept = named(wax(), 'Brazilian Wax');
    const gone = named(lashes(), 'Lash Lift');
    editCard(stores.card).addService(kept, { location: 1 });
    editCard(stores.card).addService(gone, { location: 1 });
    setTherapist(stores.card, 1, 7);
    setDate(stores.card, 1, '2026-12-01');
    stores.location.getState().setLocation(1);
    const before = card();

    const move = chooseBookingLocation(stores, 2, { nameOf });
    expect(move.removed.map((line) => line.id)).toEqual([gone.id]);
    expect(cardServiceIds(card())).toEqual([kept.id]);
    expect(card().location).toBe(2);
    expect(stores.location.getState().location).toBe(2);
    expect(notices()).toHaveLength(1);
    expect(lastNotice()).toMatchObject({
      variant: 'warning',
      message: 'Your booking is now at Midtown. Lash Lift is not offered in Midtown and was taken out of your booking.',
      duration: 0,
      action: { label: 'Undo' },
    });

    lastNotice().action!.onAction();
    expect(card()).toBe(before);
    expect(stores.location.getState().location).toBe(1);
    expect(lastNotice()).toMatchObject({ variant: 'info', message: 'Your booking is back at SoHo, as it was.' });
  });

  it('offers Undo when only the therapist and date chosen at the old location are lost', () => {
    editCard(stores.card).addService(wax(), { location: 1 });
    setTherapist(stores.card, 1, 7);
    chooseBookingLocation(stores, 4, { nameOf });
    expect(lastNotice()).toMatchObject({ message: 'Your booking is now at Nolita.', action: { label: 'Undo' } });
  });

  it('says where the booking is, without Undo, when nothing is lost', () => {
    editCard(stores.card).addService(wax(), { location: 1 });
    chooseBookingLocation(stores, 4, { nameOf });
    expect(lastNotice()).toMatchObject({ variant: 'info', message: 'Your booking is now at Nolita.', duration: 3000 });
    expect(lastNotice().action).toBeUndefined();
  });

  it('closes the Undo once the cart changes again, so it never undoes a later change', () => {
    editCard(stores.card).addService(named(lashes(), 'Lash Lift'), { location: 1 });
    chooseBookingLocation(stores, 3, { nameOf });
    expect(notices()).toHaveLength(1);
    editCard(stores.card).addService(wax(), { location: 3 });
    expect(notices()).toEqual([]);
  });

  it('Williamsburg books nothing online: everything is taken out, and Undo brings it all back', () => {
    const a = named(laser(), 'Brazilian Laser');
    editCard(stores.card).addService(a, { location: 1 });
    const before = card();
    chooseBookingLocation(stores, 3, { nameOf });
    expect(card().areas).toEqual([]);
    expect(lastNotice().message).toContain('Brazilian Laser is not offered in Williamsburg and was taken out of your booking.');
    lastNotice().action!.onAction();
    expect(card()).toBe(before);
  });
});

describe('planMenuAdd', () => {
  const empty = emptyBookingCard();
  const at = (location: number, ...refs: ServiceRef[]) => refs.reduce((c, ref) => addToCard(c, ref, { location }).card, emptyBookingCard());

  it('an empty cart takes the browsed location, else the saved one, else the default', () => {
    expect(planMenuAdd(empty, wax(), { browsingLocation: 2, savedLocation: 4 })).toEqual({ kind: 'add', location: 2, takeLocation: true });
    expect(planMenuAdd(empty, wax(), { savedLocation: 4 })).toEqual({ kind: 'add', location: 4, takeLocation: false });
    expect(planMenuAdd(empty, wax(), { savedLocation: 0 })).toEqual({ kind: 'add', location: 1, takeLocation: false });
  });

  it('a cart with services stays where it is when that location offers the service, whatever menu is browsed', () => {
    expect(planMenuAdd(at(1, lashes()), wax(), { browsingLocation: 2, savedLocation: 1 })).toEqual({ kind: 'add', location: 1, takeLocation: false });
  });

  it('does not move a cart whose location lacks the service: it offers the browsed location, or the first that has it', () => {
    expect(planMenuAdd(at(2, wax()), lashes(), { browsingLocation: 1, savedLocation: 2 })).toEqual({ kind: 'not-offered', at: 2, bookAt: 1 });
    expect(planMenuAdd(at(4, wax()), laser(), { savedLocation: 4 })).toEqual({ kind: 'add', location: 4, takeLocation: false });
    expect(planMenuAdd(at(2, wax()), lashes(), { savedLocation: 2 })).toEqual({ kind: 'not-offered', at: 2, bookAt: 1 });
    expect(planMenuAdd(empty, lashes(), { savedLocation: 2 })).toEqual({ kind: 'not-offered', at: 2, bookAt: 1 });
  });
});

describe('addFromMenu', () => {
  it('an empty cart takes the browsed location, which is remembered as the choice', () => {
    expect(addFromMenu(stores, wax(), { serviceName: 'Brazilian Wax', browsingLocation: 4, loadNames })).toBe('added');
    expect(card().location).toBe(4);
    expect(stores.location.getState().location).toBe(4);
    expect(lastNotice()).toMatchObject({ variant: 'success', message: 'Brazilian Wax added to Hair Removal in your booking cart.' });
  });

  it('from the plain menu an empty cart takes the saved location, and says so when it is not the one shown', () => {
    stores.location.getState().setLocation(2);
    addFromMenu(stores, wax(), { serviceName: 'Brazilian Wax', loadNames });
    expect(card().location).toBe(2);
    expect(lastNotice().message).toBe('Brazilian Wax added to your booking at Midtown.');
  });

  it('from the plain menu with nothing saved the cart takes the default, and nothing is saved', () => {
    addFromMenu(stores, wax(), { serviceName: 'Brazilian Wax', loadNames });
    expect(card().location).toBe(1);
    expect(stores.location.getState().location).toBe(0);
  });

  it("adds at the cart's location while another location's menu is browsed, and says where", () => {
    const first = wax();
    editCard(stores.card).addService(first, { location: 1 });
    addFromMenu(stores, laser(), { serviceName: 'Brazilian Laser', browsingLocation: 2, loadNames });
    expect(card().location).toBe(1);
    expect(cardServiceIds(card())).toHaveLength(2);
    expect(lastNotice().message).toBe('Brazilian Laser added to your booking at SoHo.');
  });

  it("does not move the cart silently: 'Book at' moves it and adds the service", async () => {
    const kept = named(wax(), 'Brazilian Wax');
    editCard(stores.card).addService(kept, { location: 2 });
    stores.location.getState().setLocation(2);
    const before = card();
    const wanted = lashes();

    expect(addFromMenu(stores, wanted, { serviceName: 'Lash Lift', browsingLocation: 1, loadNames })).toBe('not-offered');
    expect(card()).toBe(before);
    expect(lastNotice()).toMatchObject({
      variant: 'warning',
      message: 'Lash Lift cannot be booked online at Midtown, where your booking is.',
      duration: 0,
      action: { label: 'Book at SoHo' },
    });

    lastNotice().action!.onAction();
    await settle();
    expect(card().location).toBe(1);
    expect(cardServiceIds(card())).toEqual([kept.id, wanted.id]);
    expect(stores.location.getState().location).toBe(1);
    // Nothing was lost on the way, so nothing to undo: the service can be removed as usual.
    expect(lastNotice()).toMatchObject({ variant: 'success', message: 'Lash Lift added to your booking at SoHo.' });
    expect(lastNotice().action).toBeUndefined();
  });

  it("'Book at' where some of the cart does not fit: the notice names it and Undo restores the cart and location", async () => {
    // A men's cart at Nolita with a therapist chosen and brows that Nolita no longer books (a cart saved earlier).
    const menBrows = named({ id: randomUUID(), areaId: 2, svcTypeId: 128, gen: 1 }, "Men's Brow Shaping");
    const kept = named(menWax(), "Men's Back Wax");
    stores.card.getState().restoreCard([kept, menBrows].reduce((c, ref) => addToCard(c, ref, { location: 4 }).card, emptyBookingCard()));
    setTherapist(stores.card, 1, 7);
    stores.location.getState().setLocation(4);
    const before = card();
    // Men's laser (8): Midtown books it, Nolita does not.
    const menLaser = { id: randomUUID(), areaId: 1, svcTypeId: 8, gen: 1 as const };

    addFromMenu(stores, menLaser, { serviceName: "Men's Back Laser", browsingLocation: 2, loadNames });
    expect(lastNotice().action!.label).toBe('Book at Midtown');
    lastNotice().action!.onAction();
    await settle();
    expect(card().location).toBe(2);
    expect(cardServiceIds(card())).toEqual([kept.id, menLaser.id]);
    expect(lastNotice()).toMatchObject({
      variant: 'warning',
      message: "Men's Back Laser added to your booking at Midtown. Men's Brow Shaping is not offered in Midtown and was taken out of your booking.",
      action: { label: 'Undo' },
    });

    lastNotice().action!.onAction();
    expect(card()).toBe(before);
    expect(stores.location.getState().location).toBe(4);
  });

  it('says so when the names cannot be loaded, and leaves the cart as it was', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    editCard(stores.card).addService(wax(), { location: 3 });
    const before = card();
    addFromMenu(stores, lashes(), { serviceName: 'Lash Lift', loadNames: () => Promise.reject(new Error('chunk failed')) });
    lastNotice().action!.onAction();
    await settle();
    expect(card()).toBe(before);
    expect(lastNotice()).toMatchObject({ variant: 'error', message: 'Your booking could not be moved to SoHo. Please try again.' });
    expect(error).toHaveBeenCalledWith('Could not move the booking', expect.any(Error));
    error.mockRestore();
  });
});

describe('setBookedFromMenu', () => {
  it('adds when wanted and absent, removes when unwanted and present, and otherwise does nothing', () => {
    const a = wax();
    setBookedFromMenu(stores, a, true, { serviceName: 'Brazilian Wax', loadNames });
    setBookedFromMenu(stores, a, true, { serviceName: 'Brazilian Wax', loadNames });
    expect(cardServiceIds(card())).toEqual([a.id]);
    expect(notices()).toHaveLength(1);
    setBookedFromMenu(stores, a, false, { serviceName: 'Brazilian Wax', loadNames });
    expect(card().areas).toEqual([]);
    expect(lastNotice().message).toBe('Brazilian Wax removed from your booking cart.');
  });
});

describe('a service of the other gender (askGenderSwitch)', () => {
  const question = () => stores.ui.getState().question;
  const womensCart = () => {
    editCard(stores.card).addService(named(wax(), 'Brazilian Wax'), { location: 4 });
    editCard(stores.card).addService(named(lashes(), 'Lash Lift'), { location: 4 });
    stores.location.getState().setLocation(4);
    return card();
  };

  it('asks before emptying the cart, naming both sides, and changes nothing until answered', () => {
    const before = womensCart();
    expect(addFromMenu(stores, menWax(), { serviceName: "Men's Back Wax", loadNames })).toBe('asked');
    expect(card()).toBe(before);
    expect(notices()).toEqual([]);
    expect(question()).toMatchObject({
      title: 'Replace your booking cart?',
      message: "Your booking cart holds 2 women's services, and one booking is for one gender. Replace them with Men's Back Wax (men's)?",
      confirmLabel: "Replace with Men's Back Wax",
      cancelLabel: 'Keep my booking cart',
    });
  });

  it('a no keeps the cart as it was, with nothing said', () => {
    const before = womensCart();
    addFromMenu(stores, menWax(), { serviceName: "Men's Back Wax", loadNames });
    stores.ui.getState().answer(false);
    expect(question()).toBeNull();
    expect(card()).toBe(before);
    expect(notices()).toEqual([]);
  });

  it('a yes replaces the services, says what was taken out, and Undo brings back the cart and the location', () => {
    const before = womensCart();
    const men = menWax();
    const then = jest.fn();
    addFromMenu(stores, men, { serviceName: "Men's Back Wax", browsingLocation: 2, loadNames, onPlaced: then });
    stores.ui.getState().answer(true);
    expect(cardServiceIds(card())).toEqual([men.id]);
    expect(card()).toMatchObject({ gender: 'men', location: 2 });
    expect(then).toHaveBeenCalledWith('added');
    // One notice, not a green success: what was replaced, with its Undo.
    expect(notices().map(({ variant, message }) => [variant, message])).toEqual([['info', "Men's Back Wax (men's) replaced your 2 women's services in your booking cart."]]);
    expect(lastNotice().action!.label).toBe('Undo');

    lastNotice().action!.onAction();
    expect(card()).toBe(before);
    expect(stores.location.getState().location).toBe(4);
    expect(lastNotice().message).toBe("Your women's services are back in your booking cart, as before.");
  });

  it('closes the Undo once the cart changes again, so it never undoes a later change', () => {
    womensCart();
    addFromMenu(stores, menWax(), { serviceName: "Men's Back Wax", loadNames });
    stores.ui.getState().answer(true);
    expect(notices().some((notice) => notice.action?.label === 'Undo')).toBe(true);
    editCard(stores.card).addService({ id: randomUUID(), areaId: 4, svcTypeId: 512, gen: 1 });
    expect(notices().some((notice) => notice.action?.label === 'Undo')).toBe(false);
  });

  it('asks nothing when the cart is empty or of the same gender', () => {
    const add = jest.fn();
    expect(askGenderSwitch(stores, 1, ["Men's Back Wax"], add)).toBe(false);
    editCard(stores.card).addService(wax());
    expect(askGenderSwitch(stores, 0, ['Lash Lift'], add)).toBe(false);
    expect(add).toHaveBeenCalledTimes(2);
    expect(question()).toBeNull();
  });

  it('a yes for a service the location does not book online: the services were taken out, and Undo is there', () => {
    // Midtown (2) does not book eyelashes (32); a men's cart there, a women's lash service asked for from the plain menu.
    editCard(stores.card).addService(named(menWax(), "Men's Back Wax"), { location: 2 });
    stores.location.getState().setLocation(2);
    const before = card();
    addFromMenu(stores, lashes(), { serviceName: 'Lash Lift', loadNames });
    stores.ui.getState().answer(true);
    expect(notices().map(({ message, action }) => [message, action?.label])).toEqual([
      ['Lash Lift cannot be booked online at Midtown.', 'Book at SoHo'],
      ["Your men's service was taken out of your booking cart.", 'Undo'],
    ]);
    lastNotice().action!.onAction();
    expect(card()).toBe(before);
  });

  it('a yes after another tab emptied the cart meanwhile just adds, with nothing to undo', () => {
    womensCart();
    addFromMenu(stores, menWax(), { serviceName: "Men's Back Wax", loadNames });
    stores.card.getState().restoreCard(emptyBookingCard());
    stores.ui.getState().answer(true);
    expect(notices().map((notice) => notice.action)).toEqual([undefined]);
  });
});

describe('bookBoughtServices (Book a session after paying)', () => {
  it("puts a bundle's services into the booking cart with one notice, then goes on", () => {
    const then = jest.fn();
    const bought = [
      { service: wax(), name: 'Brazilian Wax' },
      { service: lashes(), name: 'Lash Lift' },
    ];
    bookBoughtServices(stores, bought, then);
    expect(cardServiceIds(card())).toEqual(bought.map(({ service }) => service.id));
    expect(then).toHaveBeenCalledTimes(1);
    expect(notices().map((notice) => notice.message)).toEqual(['Brazilian Wax and Lash Lift are in your booking cart.']);
  });

  it('keeps what the cart holds and only goes on when the services are in it already', () => {
    const a = wax();
    editCard(stores.card).addService(a, { location: 1 });
    const before = card();
    const then = jest.fn();
    bookBoughtServices(stores, [{ service: a, name: 'Brazilian Wax' }], then);
    expect(card()).toBe(before);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('asks first when the cart holds the other gender, and goes nowhere on a no', () => {
    editCard(stores.card).addService(wax(), { location: 1 });
    const then = jest.fn();
    bookBoughtServices(stores, [{ service: menWax(), name: "Men's Back Wax" }], then);
    expect(stores.ui.getState().question?.message).toContain("Replace it with Men's Back Wax (men's)?");
    stores.ui.getState().answer(false);
    expect(then).not.toHaveBeenCalled();
  });

  it('names a service the cart\'s location does not book online', () => {
    editCard(stores.card).addService(wax(), { location: 2 });
    bookBoughtServices(stores, [{ service: lashes(), name: 'Lash Lift' }], jest.fn());
    expect(lastNotice()).toMatchObject({ variant: 'warning', message: 'Lash Lift cannot be booked online at Midtown.' });
  });
});

