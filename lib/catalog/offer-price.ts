import { discountedPrice, pricePerSession } from './format';

/**
 * The price of a package or bundle (specification section 9): sessions x the services' single-session prices, less
 * the discount, to the cent. One function for the seed (data/build.ts), the owner's editor on the server
 * (lib/menu) and the price the editor shows as the owner types (components/desk), so the three cannot disagree.
 */
export interface OfferPriceInput {
  /** The single-session price of each service: one for a package, each of a bundle's services. */
  unitPrices: readonly number[];
  /** Sessions of a package; 1 for a bundle. */
  sessions: number;
  /** The discount in percent, or null for none. */
  discountPercent: number | null;
  /**
   * The salon's hand-set price of the specification's exceptions ('3 x 80 = 240'): the full price, sessions x the
   * services' prices, with the discount named but not taken off.
   */
  fullPrice?: boolean;
}

export interface OfferPrice {
  /** What the sessions cost one by one. */
  original: number;
  /** What the offer costs. */
  price: number;
  /** original - price. */
  saving: number;
  /** The price of one session (a package) or one service (a bundle). */
  perSession: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function offerPrice(input: OfferPriceInput): OfferPrice {
  const sessions = Math.max(Math.trunc(input.sessions), 1);
  const original = cents(input.unitPrices.reduce((sum, unit) => sum + unit, 0) * sessions);
  const price = input.fullPrice ? original : discountedPrice(original, input.discountPercent);
  return { original, price, saving: cents(original - price), perSession: pricePerSession(price, sessions * Math.max(input.unitPrices.length, 1)) };
}
