import { createStore } from 'zustand/vanilla';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';

export { findService, sameId } from '@/lib/booking/card';

/** What the store needs to know about a service to file it: ids and the catalogue facts the card line carries. */
export interface ServiceRef {
  id: string;
  areaId: number;
  svcTypeId: number;
  gen: 0 | 1;
  /** The SKU ('value'); left empty when unknown and re-read from the catalogue when booking. */
  svcId?: string;
  duration?: number;
}

/** A purchased package the service is booked from. */
export interface PackageRef {
  pkgId: string;
  packageType: number;
  qtyCombined: number;
  qtyFulfilled?: number;
}

export type AddResult = 'added' | 'replaced' | 'duplicate' | 'full';
export type CardRequestKind = 'load' | 'create' | 'update';
export type CardRequestStatus = 'idle' | 'requested' | 'succeeded' | 'failed' | 'empty';

export interface CardState {
  /** The domain card (lib/booking/card.ts); the specification's shape only where it crosses a boundary. */
  card: BookingCard;
  request: { kind: CardRequestKind | null; status: CardRequestStatus; errorCode: number | null };
}

/**
 * What every page may do to the card. The edits (adding, removing, moving, dates, a customer's card) are in
 * card-edits.ts and the request states in card-requests.ts, loaded with the code that uses them (the add rules, the
 * drawers, the booking page), not with every page (docs/decisions.md, 'First-load JavaScript kept lean').
 */
export interface CardActions {
  /** Puts back a card kept earlier, as it was (the undo of a move). */
  restoreCard: (card: BookingCard) => void;
  logOut: () => void;
}

export type CardStore = CardState & CardActions;

export const IDLE_REQUEST: CardState['request'] = { kind: null, status: 'idle', errorCode: null };

export function createCardStore(initCard: BookingCard = emptyBookingCard()) {
  return createStore<CardStore>()((set, get) => ({
    card: initCard,
    request: IDLE_REQUEST,

    restoreCard: (card) => set({ card }),
    logOut: () => {
      const card = get().card;
      set({ card: { ...card, customerId: '', areas: [], packageAreas: [], packages: [] }, request: IDLE_REQUEST });
    },
  }));
}
