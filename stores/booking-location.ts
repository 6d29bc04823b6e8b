import { AREAS, DEFAULT_LOCATION, LOCATIONS } from '@/lib/catalog/tables';
import { normaliseLocation } from '@/lib/catalog/location-table';
import { locationBySlug } from '@/lib/catalog/routes';
import { listOfNames, notOfferedIn } from '@/lib/booking/messages';
import { CARD_MAX_SERVICES } from '@/lib/persistence/model';
import { cardServiceCount, findService, genderOf, sameWhen, type BookingCard } from '@/lib/booking/card';
import { editCard, emptiedByGender, offeredOnline, type LocationMove, type Offers } from './card-edits';
import type { AddResult, ServiceRef } from './card-store';
import type { AppStores } from './create-stores';

/**
 * Where the booking cart's location changes, and only here: when the customer chooses a location for booking (the
 * booking page's and the drawer's location buttons, 'Book at ...' on a notice) or adds a service from a location's
 * menu into an empty cart. Browsing another location's menu changes nothing. React-free, so it is tested as is.
 */

export type BookingStores = Pick<AppStores, 'card' | 'location' | 'ui'>;
/** The name of a service by id, for the notices; undefined when unknown. */
export type NameOf = (id: string) => string | undefined;

export function locationName(location: number): string {
  const id = normaliseLocation(location);
  return LOCATIONS.find((l) => l.id === id)!.name;
}

/** The location whose menu an address shows: /{loc}/services/...; undefined elsewhere (the plain menu is the default's). */
export function browsingLocationOf(pathname: string): number | undefined {
  const [first, second] = pathname.split('/').filter(Boolean);
  return second === 'services' && first ? locationBySlug(first)?.id : undefined;
}

const listOf = listOfNames;

/** 'Brazilian Laser is not offered in Williamsburg and was taken out of your booking.' */
export function removedSentence(names: readonly string[], location: number): string {
  return `${notOfferedIn(names, locationName(location))} and ${names.length === 1 ? 'was' : 'were'} taken out of your booking.`;
}

/** Whether a move lost anything an undo should bring back: a service, or a therapist or date chosen for an area. */
function lostSomething(before: BookingCard, move: LocationMove): boolean {
  if (move.removed.length > 0) return true;
  return before.areas.some((area) => {
    const after = move.card.areas.find((a) => a.area === area.area);
    return after !== undefined && (after.therapist !== area.therapist || !sameWhen(after.when, area.when));
  });
}

interface MoveOptions {
  nameOf: NameOf;
  /** A service to add once moved ('Book at Midtown' from a menu), with its name for the notice. */
  add?: { service: ServiceRef; serviceName: string };
  /** What each location takes: online by default; the desk's own in back-office mode. */
  offers?: Offers;
}

/**
 * The customer chose `location` for booking: the cart moves there (moveCardToLocation), the location store keeps the
 * choice, and a notice says what did not fit, with an Undo that puts back the previous cart and location exactly.
 */
export function chooseBookingLocation(stores: BookingStores, location: number, { nameOf, add, offers }: MoveOptions): LocationMove {
  const before = stores.card.getState().card;
  const beforeLocation = stores.location.getState().location;
  const move = editCard(stores.card).moveToLocation(location, offers);
  stores.location.getState().setLocation(location);
  const added = add ? addAndDescribe(stores, add.service, add.serviceName, location) : undefined;
  const removed = move.removed.length > 0 ? removedSentence(move.removed.map((service) => nameOf(service.id) ?? 'A service'), location) : '';
  const message = [added?.message ?? `Your booking is now at ${locationName(location)}.`, removed].filter(Boolean).join(' ');
  if (!lostSomething(before, move)) {
    stores.ui.getState().notify({ variant: added?.variant ?? 'info', message });
    return move;
  }
  notifyWithUndo(stores, {
    variant: 'warning',
    message,
    before,
    beforeLocation,
    undone: `Your booking is back at ${locationName(before.location)}, as it was.`,
  });
  return move;
}

/**
 * A notice of a change that lost something, with an Undo that puts back the cart and the chosen location as they were
 * before it. The Undo is offered only while the cart is still the one the change made: after any later change it would
 * undo that change too, so the notice closes then.
 */
function notifyWithUndo(
  stores: BookingStores,
  change: { variant: 'warning' | 'info'; message: string; before: BookingCard; beforeLocation: number; undone: string },
): void {
  const changed = stores.card.getState().card;
  let unsubscribe = () => {};
  const id = stores.ui.getState().notify({
    variant: change.variant,
    message: change.message,
    action: {
      label: 'Undo',
      onAction: () => {
        unsubscribe();
        stores.card.getState().restoreCard(change.before);
        stores.location.getState().setLocation(change.beforeLocation);
        stores.ui.getState().notify({ variant: 'info', message: change.undone });
      },
    },
  });
  unsubscribe = stores.card.subscribe((state) => {
    if (state.card === changed) return;
    unsubscribe();
    stores.ui.getState().dismiss(id);
  });
}

const GENDER_WORDS = ["women's", "men's"] as const;

/**
 * One booking is for one gender (specification section 4: changing gender empties the cart). Services of the other
 * gender than the cart's replace it only when the customer says so: `add` runs at once when there is nothing to
 * replace; otherwise a question names both sides, and a yes empties the cart (its location kept) and runs `add` with
 * `replacing` true (it then leaves its own success notice to this one), and one notice says what was replaced, with
 * an Undo that brings the cart back. A no, Escape or a tap outside leaves the cart as it was. Returns whether it asked.
 */
export function askGenderSwitch(stores: BookingStores, gen: 0 | 1, serviceNames: readonly string[], add: (replacing: boolean) => void): boolean {
  const card = stores.card.getState().card;
  if (!emptiedByGender(card, gen)) {
    add(false);
    return false;
  }
  const held = cardServiceCount(card);
  const theirs = GENDER_WORDS[gen === 1 ? 0 : 1];
  const wanted = listOf(serviceNames);
  stores.ui.getState().ask({
    title: 'Replace your booking cart?',
    message:
      `Your booking cart holds ${held === 1 ? `a ${theirs} service` : `${held} ${theirs} services`}, and one booking is for one gender. ` +
      `Replace ${held === 1 ? 'it' : 'them'} with ${wanted} (${GENDER_WORDS[gen]})?`,
    confirmLabel: `Replace with ${wanted}`,
    cancelLabel: 'Keep my booking cart',
    onConfirm: () => {
      const before = stores.card.getState().card;
      const beforeLocation = stores.location.getState().location;
      // Another tab may have changed the cart while the question was open.
      if (!emptiedByGender(before, gen)) return add(false);
      const count = cardServiceCount(before);
      const taken = count === 1 ? `${theirs} service` : `${count} ${theirs} services`;
      editCard(stores.card).changeGender(gen);
      add(true);
      const added = cardServiceCount(stores.card.getState().card) > 0;
      notifyWithUndo(stores, {
        variant: 'info',
        message: added
          ? `${wanted} (${GENDER_WORDS[gen]}) replaced your ${taken} in your booking cart.`
          : `Your ${taken} ${count === 1 ? 'was' : 'were'} taken out of your booking cart.`,
        before,
        beforeLocation,
        undone: `Your ${theirs} ${count === 1 ? 'service is' : 'services are'} back in your booking cart, as before.`,
      });
    },
  });
  return true;
}

/** What adding from a menu does, decided from the cart, the service and the locations (pure). */
export type MenuAddPlan =
  /** Add at this location; `takeLocation`: the empty cart takes the browsed location, a choice to remember. */
  | { kind: 'add'; location: number; takeLocation: boolean }
  /** Not bookable where the booking is (or would be): say so, offering to book at `bookAt` instead. */
  | { kind: 'not-offered'; at: number; bookAt: number | undefined };

/**
 * An empty cart takes the browsed location, else the saved one, else the default. A cart that has services stays
 * where it is: the service is added there when that location offers it, and otherwise nothing moves silently; the
 * customer is offered the browsed location (or the first that offers the service) instead.
 */
export function planMenuAdd(card: BookingCard, service: ServiceRef, where: { browsingLocation?: number; savedLocation: number; offers?: Offers }): MenuAddPlan {
  const { browsingLocation, savedLocation, offers = offeredOnline } = where;
  const at = cardServiceCount(card) > 0 ? card.location : (browsingLocation ?? (savedLocation || DEFAULT_LOCATION));
  if (offers(at, service)) return { kind: 'add', location: at, takeLocation: cardServiceCount(card) === 0 && browsingLocation !== undefined };
  const candidates = [browsingLocation, DEFAULT_LOCATION, ...LOCATIONS.map((l) => l.id)];
  const bookAt = candidates.find((id): id is number => id !== undefined && id !== at && offers(id, service));
  return { kind: 'not-offered', at, bookAt };
}

/** Adds the service at `location` and words the notice; `shown` is the location whose menu the page shows, if any. */
function addAndDescribe(stores: BookingStores, service: ServiceRef, serviceName: string, location: number, shown?: number) {
  const card = stores.card.getState().card;
  const genderChange = card.gender !== genderOf(service.gen) && cardServiceCount(card) > 0;
  const result: AddResult = editCard(stores.card).addService(service, { location });
  if (result === 'full') return { result, variant: 'warning' as const, message: `Your booking cart holds at most ${CARD_MAX_SERVICES} services.` };
  // Only from a 'Book at' pressed after the cart changed: addFromMenu asks before a gender change.
  if (genderChange) return { result, variant: 'warning' as const, message: `Your booking cart now holds ${serviceName} only: one booking is for one gender.` };
  const area = AREAS[service.areaId as keyof typeof AREAS] ?? 'your booking';
  // Said where the booking is when it is not the location whose menu the customer is looking at.
  const message = location === shown ? `${serviceName} added to ${area} in your booking cart.` : `${serviceName} added to your booking at ${locationName(location)}.`;
  return { result, variant: 'success' as const, message };
}

export interface MenuAddOptions {
  serviceName: string;
  /** The location whose menu the customer is looking at (browsingLocationOf the address), if any. */
  browsingLocation?: number;
  /** Service names for the notice of a move; the catalogue loads only when a move needs it. */
  loadNames?: () => Promise<NameOf>;
  /** Hears what happened once the service was placed (after the gender question, if one was asked). */
  onPlaced?: (result: AddResult | 'not-offered') => void;
  /** The desk's own rule of what each location takes (back-office mode): online's by default. */
  offers?: Offers;
}

async function catalogueNames(): Promise<NameOf> {
  const [{ serviceById }, { followLiveCatalog }] = await Promise.all([import('@/lib/catalog/catalog'), import('@/lib/catalog/live-overlay')]);
  // The names as published; the seed's if the changes cannot be fetched (said on the console).
  await followLiveCatalog().catch((error: unknown) => console.error('Could not load the latest names of the catalogue', error));
  return (id) => serviceById(id)?.name;
}

/**
 * 'Add to booking' on a menu or service page: see planMenuAdd, after askGenderSwitch. Returns what happened to the
 * cart, or 'asked' while the gender question is open; `onPlaced` hears the outcome either way once the service is placed.
 */
export function addFromMenu(stores: BookingStores, service: ServiceRef, options: MenuAddOptions): AddResult | 'not-offered' | 'asked' {
  let outcome: AddResult | 'not-offered' | 'asked' = 'asked';
  askGenderSwitch(stores, service.gen, [options.serviceName], (replacing) => {
    outcome = placeFromMenu(stores, service, options, replacing);
    options.onPlaced?.(outcome);
  });
  return outcome;
}

/** `quiet`: the caller says what happened (askGenderSwitch's notice), so a success is not announced twice. */
function placeFromMenu(stores: BookingStores, service: ServiceRef, options: MenuAddOptions, quiet = false): AddResult | 'not-offered' {
  const { serviceName, browsingLocation, loadNames = catalogueNames, offers } = options;
  const plan = planMenuAdd(stores.card.getState().card, service, { browsingLocation, savedLocation: stores.location.getState().location, offers });
  if (plan.kind === 'add') {
    const { result, variant, message } = addAndDescribe(stores, service, serviceName, plan.location, browsingLocation ?? DEFAULT_LOCATION);
    if (result === 'duplicate') return result;
    if (plan.takeLocation && result !== 'full') stores.location.getState().setLocation(plan.location);
    if (!quiet || variant !== 'success') stores.ui.getState().notify({ variant, message });
    return result;
  }
  const { bookAt } = plan;
  stores.ui.getState().notify({
    variant: 'warning',
    message: offers
      ? `Nobody at ${locationName(plan.at)} does ${serviceName}.`
      : `${serviceName} cannot be booked online at ${locationName(plan.at)}${cardServiceCount(stores.card.getState().card) > 0 ? ', where your booking is' : ''}.`,
    action:
      bookAt === undefined
        ? undefined
        : {
            label: `Book at ${locationName(bookAt)}`,
            onAction: () => {
              loadNames()
                .then((nameOf) => chooseBookingLocation(stores, bookAt, { nameOf, add: { service, serviceName }, offers }))
                .catch((error: unknown) => {
                  console.error('Could not move the booking', error);
                  stores.ui.getState().notify({ variant: 'error', message: `Your booking could not be moved to ${locationName(bookAt)}. Please try again.` });
                });
            },
          },
  });
  return 'not-offered';
}

/** The booking button of a service: adds (addFromMenu) or removes, reading the stores when it runs. */
export function setBookedFromMenu(stores: BookingStores, service: ServiceRef, wanted: boolean, options: MenuAddOptions): void {
  const present = findService(stores.card.getState().card, service.id) !== undefined;
  if (present === wanted) return;
  if (wanted) {
    addFromMenu(stores, service, options);
    return;
  }
  removeAndSay(stores, service.id, options.serviceName);
}

/** Removes a service from the booking cart and says so (the menu's toggle, the drawer's and the booking page's Remove). */
export function removeAndSay(stores: Pick<BookingStores, 'card' | 'ui'>, serviceId: string, serviceName: string): void {
  editCard(stores.card).removeService(serviceId);
  stores.ui.getState().notify({ variant: 'info', message: `${serviceName} removed from your booking cart.` });
}

/** A service bought in a package or bundle, as the paid order's page names it. */
export interface BoughtService {
  service: ServiceRef;
  name: string;
}

/**
 * 'Book a session' after paying: the bought services (a bundle's, all of them) into the booking cart at its location
 * (an empty cart: the saved one, else the default), after askGenderSwitch, and one notice saying so; then `goOn` (the
 * booking page). A service already in the cart stays as it is; one the location does not book online is named.
 */
export function bookBoughtServices(stores: BookingStores, bought: readonly BoughtService[], goOn: () => void): void {
  const missing = bought.filter(({ service }) => findService(stores.card.getState().card, service.id) === undefined);
  if (missing.length === 0) return goOn();
  askGenderSwitch(stores, missing[0]!.service.gen, missing.map(({ name }) => name), (replacing) => {
    const added: string[] = [];
    const full: string[] = [];
    const notOffered = new Map<number, string[]>();
    for (const { service, name } of missing) {
      const plan = planMenuAdd(stores.card.getState().card, service, { savedLocation: stores.location.getState().location });
      if (plan.kind === 'not-offered') notOffered.set(plan.at, [...(notOffered.get(plan.at) ?? []), name]);
      else if (editCard(stores.card).addService(service, { location: plan.location }) === 'full') full.push(name);
      else added.push(name);
    }
    const { notify } = stores.ui.getState();
    if (added.length > 0 && !replacing) notify({ variant: 'success', message: `${listOf(added)} ${added.length === 1 ? 'is' : 'are'} in your booking cart.` });
    if (full.length > 0) notify({ variant: 'warning', message: `Your booking cart holds at most ${CARD_MAX_SERVICES} services: ${listOf(full)} could not be added.` });
    for (const [at, names] of notOffered) {
      notify({ variant: 'warning', message: `${listOf(names)} cannot be booked online at ${locationName(at)}.` });
    }
    goOn();
  });
}

