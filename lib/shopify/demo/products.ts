import { allGroupedPackages, type GroupedPackage } from '@/lib/catalog/catalog';
import { discountedPrice } from '@/lib/catalog/format';
import { catalogSnapshot, type CatalogSnapshot } from '@/lib/catalog/snapshot';
import { DEPOSIT_SKU } from '../constants';
import { demoGiftCardProducts } from './gift-cards';
import type { DemoProduct } from './product';

export type { DemoProduct } from './product';

/**
 * The shop's list price of a package: the catalogue's pvPrice is the discounted total ('3 sessions for $81, 10%
 * off'), and the checkout applies '{n}%OFF' on top of the shop's price, so the shop must list the price before the
 * discount. The cent nearest to pvPrice / (1 - n/100) whose discounted price is exactly pvPrice is taken, so the
 * person pays the advertised price to the cent.
 */
export function shopListPrice(offer: Pick<GroupedPackage, 'pvPrice' | 'discPrcentage'>): number {
  const percent = offer.discPrcentage;
  if (!percent) return offer.pvPrice;
  const estimate = Math.round((offer.pvPrice / (1 - percent / 100)) * 100);
  for (const delta of [0, 1, -1, 2, -2]) {
    const candidate = (estimate + delta) / 100;
    if (discountedPrice(candidate, percent) === offer.pvPrice) return candidate;
  }
  return estimate / 100;
}

/**
 * A stable number from the package's GUID (its first 12 hex digits, well inside the safe integer range), so that
 * ids survive rebuilds and the order 'sorted by id' is fixed, as a real shop's is.
 */
export function demoProductId(pvId: string): number {
  const hex = pvId.replace(/[^0-9a-fA-F]/g, '').slice(0, 12);
  return Number.parseInt(hex, 16);
}

export function demoProductsFrom(packages: readonly GroupedPackage[]): DemoProduct[] {
  return packages
    .map((offer) => ({ id: demoProductId(offer.pvId), title: offer.pvTitle, handle: offer.moniker, sku: offer.pvSku, price: shopListPrice(offer) }))
    .sort((a, b) => a.id - b.id);
}

/**
 * The deposit product a salon creates in its store (README, 'Deposits, gift cards and the Shopify store'): $1.00 a unit. Its id is below any package's
 * (those come from GUIDs), so it sorts first as a real shop's older product would.
 */
export const DEMO_DEPOSIT_PRODUCT: DemoProduct = { id: 1001, title: 'Deposit', handle: 'deposit', sku: DEPOSIT_SKU, price: 1 };

const catalogProducts = new WeakMap<CatalogSnapshot, DemoProduct[]>();

/**
 * The catalogue's packages and bundles as the demo shop's products, made once per catalogue snapshot: a package the
 * owner reprices or adds (lib/menu) is sold at its new price, as a real shop's product would be once edited there.
 */
export function catalogDemoProducts(): DemoProduct[] {
  const snapshot = catalogSnapshot();
  let products = catalogProducts.get(snapshot);
  if (!products) catalogProducts.set(snapshot, (products = [DEMO_DEPOSIT_PRODUCT, ...demoProductsFrom(allGroupedPackages()), ...demoGiftCardProducts()]));
  return products;
}
