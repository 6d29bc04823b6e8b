import { createStore } from 'zustand/vanilla';
import { FAVORITES_MAX } from '@/lib/persistence/model';
import { sameId } from './card-store';

export type FavoriteAddResult = 'added' | 'duplicate' | 'full';

export interface FavoritesState {
  ids: string[];
}

export interface FavoritesActions {
  load: (ids: readonly string[]) => void;
  add: (id: string) => FavoriteAddResult;
  remove: (id: string) => void;
  /** Adds or removes; answers whether the service is a favourite afterwards. */
  toggle: (id: string) => boolean;
}

export type FavoritesStore = FavoritesState & FavoritesActions;

export function createFavoritesStore(initIds: readonly string[] = []) {
  return createStore<FavoritesStore>()((set, get) => ({
    ids: [...initIds],
    load: (ids) => {
      const unique: string[] = [];
      for (const id of ids) if (!unique.some((u) => sameId(u, id)) && unique.length < FAVORITES_MAX) unique.push(id);
      set({ ids: unique });
    },
    add: (id) => {
      const { ids } = get();
      if (ids.some((f) => sameId(f, id))) return 'duplicate';
      if (ids.length >= FAVORITES_MAX) return 'full';
      set({ ids: [...ids, id] });
      return 'added';
    },
    remove: (id) => {
      const { ids } = get();
      if (ids.some((f) => sameId(f, id))) set({ ids: ids.filter((f) => !sameId(f, id)) });
    },
    toggle: (id) => {
      if (get().ids.some((f) => sameId(f, id))) {
        get().remove(id);
        return false;
      }
      return get().add(id) === 'added';
    },
  }));
}
