/** The demo shop's discount codes: '{n}%OFF' for each percentage of the salon's discount table. */
import { discountedPrice } from '@/lib/catalog/format';
import { DISCOUNTS } from '@/lib/catalog/tables';

const PERCENTS = new Set<number>(Object.values(DISCOUNTS));

export function demoDiscountPercent(code: string): number | undefined {
  const match = /^(\d{1,3})%OFF$/i.exec(code.trim());
  if (!match) return undefined;
  const percent = Number(match[1]);
  return PERCENTS.has(percent) ? percent : undefined;
}

export interface PricedLine {
  price: number;
  quantity: number;
  subtotal: number;
  discount: number;
  total: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** The code whose percentage was applied (the best applicable one), if any. */
  appliedCode: string | undefined;
  subtotal: number;
  total: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** A line's total is the cart drawer's discounted price (lib/catalog/format), so both show the same cents. */
export function priceDemoCart(lines: ReadonlyArray<{ price: number; quantity: number }>, codes: readonly string[]): PricedCart {
  let appliedCode: string | undefined;
  let percent = 0;
  for (const code of codes) {
    const candidate = demoDiscountPercent(code);
    if (candidate !== undefined && candidate > percent) {
      percent = candidate;
      appliedCode = code;
    }
  }
  const priced = lines.map(({ price, quantity }) => {
    const subtotal = cents(price * quantity);
    const total = discountedPrice(subtotal, percent);
    return { price, quantity, subtotal, discount: cents(subtotal - total), total };
  });
  const total = cents(priced.reduce((sum, line) => sum + line.total, 0));
  return { lines: priced, appliedCode, subtotal: total, total };
}
