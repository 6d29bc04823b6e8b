import { createStore } from 'zustand/vanilla';

export interface LocationState {
  /** 0 (unset, reads as 1) to 4. */
  location: number;
}

export interface LocationActions {
  setLocation: (location: number) => void;
}

export type LocationStore = LocationState & LocationActions;

export function createLocationStore(initLocation = 0) {
  return createStore<LocationStore>()((set) => ({
    location: initLocation,
    setLocation: (location) => {
      if (Number.isInteger(location) && location >= 0 && location <= 4) set({ location });
    },
  }));
}
