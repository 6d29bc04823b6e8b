/**
 * Prices as the owner types them and as the activity log writes them. No imports: the editor's islands read typed
 * prices with the same rule as the server.
 */

/**
 * '70', '70.5', '70.50', '$1,070.00', ' 70 ' -> a number of dollars; anything else (a third decimal, letters) ->
 * undefined. A minus sign is read ('-5' -> -5) so that the schema can say a price cannot be below $0.
 */
export function parsePrice(text: string): number | undefined {
  const match = /^(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const dollars = Number(match[2]!.replace(/,/g, ''));
  const cents = match[3] ? Number(match[3].padEnd(2, '0')) : 0;
  return ((match[1] ? -1 : 1) * (dollars * 100 + cents)) / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$65.00': the log and the editor show cents, so that a change of a cent is visible. */
export function formatCents(amount: number): string {
  return usd.format(amount);
}

/** The price as a form field holds it: '75' or '97.50'. */
export function priceFieldValue(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}
