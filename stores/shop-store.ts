import { createStore } from 'zustand/vanilla';
import { EMPTY_SHOP_CART, SHOP_MAX_ITEMS, type PersistedShopCart } from '@/lib/persistence/model';
import { sameId } from './card-store';

export type ShopAddResult = 'added' | 'duplicate' | 'full';

export interface ShopState {
  cart: PersistedShopCart;
}

export interface ShopActions {
  addItem: (pvId: string) => ShopAddResult;
  removeItem: (pvId: string) => void;
  setCheckoutId: (checkoutId: string) => void;
  setCustomerId: (customerId: string) => void;
  cleanAll: () => void;
}

export type ShopStore = ShopState & ShopActions;


export function createShopStore(initCart: PersistedShopCart = EMPTY_SHOP_CART) {
  return createStore<ShopStore>()((set, get) => ({
    cart: initCart,
    addItem: (pvId) => {
      const { cart } = get();
      if (cart.pvItems.some((id) => sameId(id, pvId))) return 'duplicate';
      if (cart.pvItems.length >= SHOP_MAX_ITEMS) return 'full';
      set({ cart: { ...cart, pvItems: [...cart.pvItems, pvId] } });
      return 'added';
    },
    removeItem: (pvId) => {
      const { cart } = get();
      if (!cart.pvItems.some((id) => sameId(id, pvId))) return;
      set({ cart: { ...cart, pvItems: cart.pvItems.filter((id) => !sameId(id, pvId)) } });
    },
    setCheckoutId: (checkoutId) => set({ cart: { ...get().cart, header: { ...get().cart.header, checkoutId } } }),
    setCustomerId: (customerId) => set({ cart: { ...get().cart, header: { ...get().cart.header, customerId } } }),
    cleanAll: () => set({ cart: EMPTY_SHOP_CART }),
  }));
}
