import type { StoreApi } from 'zustand/vanilla';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import { IDLE_REQUEST, type CardState, type CardStore } from './card-store';

/**
 * The card's request states (the specification's error catalogue: load, create, update). Not first-load code: the
 * booking page imports this, so it arrives with the code that sends a card, not with every page.
 */
export interface CardRequests {
  loadRequested: () => void;
  loadSucceeded: (card: BookingCard) => void;
  loadFailed: (httpStatus: number) => void;
  loadEmpty: () => void;
  createRequested: () => void;
  createSucceeded: (card?: BookingCard) => void;
  createFailed: (httpStatus: number) => void;
  updateRequested: () => void;
  updateSucceeded: (card?: BookingCard) => void;
  updateFailed: (httpStatus: number) => void;
  fallbackReset: () => void;
}

export function cardRequests(store: StoreApi<CardStore>): CardRequests {
  const get = store.getState;
  const set = (state: Partial<CardState>) => store.setState(state);
  return {
    loadRequested: () => set({ request: { kind: 'load', status: 'requested', errorCode: null } }),
    loadSucceeded: (card) => set({ card, request: { kind: 'load', status: 'succeeded', errorCode: null } }),
    // A card that cannot be read falls back to an empty one at the same location (specification section 8).
    loadFailed: (httpStatus) =>
      set({ card: emptyBookingCard({ location: get().card.location }), request: { kind: 'load', status: 'failed', errorCode: httpStatus } }),
    loadEmpty: () => set({ request: { kind: 'load', status: 'empty', errorCode: null } }),
    createRequested: () => set({ request: { kind: 'create', status: 'requested', errorCode: null } }),
    createSucceeded: (card) => set({ ...(card ? { card } : {}), request: { kind: 'create', status: 'succeeded', errorCode: null } }),
    createFailed: (httpStatus) => set({ request: { kind: 'create', status: 'failed', errorCode: httpStatus === 416 ? 416 : 500 } }),
    updateRequested: () => set({ request: { kind: 'update', status: 'requested', errorCode: null } }),
    updateSucceeded: (card) => set({ ...(card ? { card } : {}), request: { kind: 'update', status: 'succeeded', errorCode: null } }),
    updateFailed: (httpStatus) => set({ request: { kind: 'update', status: 'failed', errorCode: httpStatus === 416 ? 416 : 505 } }),
    fallbackReset: () => set({ card: emptyBookingCard({ location: get().card.location }), request: IDLE_REQUEST }),
  };
}
