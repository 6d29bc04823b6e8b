import { LOCATION_TIME_ZONE } from '@/lib/catalog/tables';
import type { DepositHold } from './deposit-hold-schema';

/**
 * The deposit BOOK started, kept in the tab (sessionStorage) while the customer is at the shop's checkout, so that the
 * booking page, on the browser's Back, says until when the times are held and leads back to the checkout.
 */
const KEY = 'booking-deposit-hold';

export type { DepositHold };

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

/**
 * The hold still running at `now`, or undefined (none, unreadable or over, which is then forgotten). Its schema loads
 * only when the tab keeps a hold; a failure to load it rejects, for the caller to say.
 */
export async function readDepositHold(now: number = Date.now()): Promise<DepositHold | undefined> {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  const { heldSchema } = await import('./deposit-hold-schema');
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
