import * as z from 'zod/mini';
import { LOCATION_TIME_ZONE } from '@/lib/catalog/tables';

/**
 * The deposit BOOK started, kept in the tab (sessionStorage) while the customer is at the shop's checkout, so that the
 * booking page, on the browser's Back, says until when the times are held and leads back to the checkout.
 */
const KEY = 'booking-deposit-hold';

const heldSchema = z.object({ id: z.string(), checkoutUrl: z.string(), expiresAt: z.number() });
export type DepositHold = z.infer<typeof heldSchema>;

export function rememberDepositHold(hold: DepositHold): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(hold));
  } catch {
    // Storage refused (private mode, full): the page then only shows the card, as before.
  }
}

export function forgetDepositHold(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The hold still running at `now`, or undefined (none, unreadable or over, which is then forgotten). */
export function readDepositHold(now: number = Date.now()): DepositHold | undefined {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  let parsed: ReturnType<typeof heldSchema.safeParse>;
  try {
    parsed = heldSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = heldSchema.safeParse(null);
  }
  if (!parsed.success || parsed.data.expiresAt <= now) {
    forgetDepositHold();
    return undefined;
  }
  return parsed.data;
}

/** '5:42 AM', New York time, as every time of the booking page. */
export function formatHeldUntil(expiresAt: number): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: LOCATION_TIME_ZONE }).format(new Date(expiresAt));
}
