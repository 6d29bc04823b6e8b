import { createStore } from 'zustand/vanilla';
import { emptyCard, type AppointmentCard, type ServiceLine } from '@/lib/persistence/model';

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
export type MergeType = 1 | 2 | 3;
export type CardRequestKind = 'load' | 'create' | 'update';
export type CardRequestStatus = 'idle' | 'requested' | 'succeeded' | 'failed' | 'empty';

export interface CardState {
  card: AppointmentCard;
  request: { kind: CardRequestKind | null; status: CardRequestStatus; errorCode: number | null };
}

/**
 * What every page may do to the card. The edits (adding, removing, moving, dates, a customer's card) are in
 * card-edits.ts, loaded with the code that makes them (the add rules, the drawers, the booking page), not with every
 * page (docs/decisions.md, 'First-load JavaScript kept lean').
 */
export interface CardActions {
  /** Puts back a card kept earlier, as it was (the undo of a move). */
  restoreCard: (card: AppointmentCard) => void;
  logOut: () => void;
  loadRequested: () => void;
  loadSucceeded: (card: AppointmentCard) => void;
  loadFailed: (httpStatus: number) => void;
  loadEmpty: () => void;
  createRequested: () => void;
  createSucceeded: (card?: AppointmentCard) => void;
  createFailed: (httpStatus: number) => void;
  updateRequested: () => void;
  updateSucceeded: (card?: AppointmentCard) => void;
  updateFailed: (httpStatus: number) => void;
  fallbackReset: () => void;
}

export type CardStore = CardState & CardActions;

const IDLE: CardState['request'] = { kind: null, status: 'idle', errorCode: null };

/** Card ids compare case-insensitively and without braces: the cookie keeps them lower-case. */
export function sameId(a: string, b: string): boolean {
  return a.replace(/[{}]/g, '').toLowerCase() === b.replace(/[{}]/g, '').toLowerCase();
}

export function findLine(card: AppointmentCard, id: string): ServiceLine | undefined {
  for (const area of card.svcAreas) for (const type of area.svcTypes) for (const line of type.svcArray) if (sameId(line.id, id)) return line;
  return undefined;
}

export function createCardStore(initCard: AppointmentCard = emptyCard()) {
  return createStore<CardStore>()((set, get) => ({
    card: initCard,
    request: IDLE,

    restoreCard: (card) => set({ card }),
    logOut: () => {
      const card = get().card;
      set({ card: { ...card, header: { ...card.header, customerId: '' }, svcAreas: [], pkgAreas: [], pkgAvailable: [] }, request: IDLE });
    },

    loadRequested: () => set({ request: { kind: 'load', status: 'requested', errorCode: null } }),
    loadSucceeded: (card) => set({ card, request: { kind: 'load', status: 'succeeded', errorCode: null } }),
    // A card that cannot be read falls back to an empty one at the same location (specification section 8).
    loadFailed: (httpStatus) =>
      set({ card: emptyCard({ location: get().card.header.location }), request: { kind: 'load', status: 'failed', errorCode: httpStatus } }),
    loadEmpty: () => set({ request: { kind: 'load', status: 'empty', errorCode: null } }),
    createRequested: () => set({ request: { kind: 'create', status: 'requested', errorCode: null } }),
    createSucceeded: (card) => set({ ...(card ? { card } : {}), request: { kind: 'create', status: 'succeeded', errorCode: null } }),
    createFailed: (httpStatus) => set({ request: { kind: 'create', status: 'failed', errorCode: httpStatus === 416 ? 416 : 500 } }),
    updateRequested: () => set({ request: { kind: 'update', status: 'requested', errorCode: null } }),
    updateSucceeded: (card) => set({ ...(card ? { card } : {}), request: { kind: 'update', status: 'succeeded', errorCode: null } }),
    updateFailed: (httpStatus) => set({ request: { kind: 'update', status: 'failed', errorCode: httpStatus === 416 ? 416 : 505 } }),
    fallbackReset: () => set({ card: emptyCard({ location: get().card.header.location }), request: IDLE }),
  }));
}
