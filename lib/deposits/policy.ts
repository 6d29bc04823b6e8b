import { formatMoneyCents } from '@/lib/catalog/format';
import { depositFor, type DepositRule } from './rule';

/** A service as the cancellation policy lists it: its page title, price and deposit rule. */
export interface PolicyService {
  title: string;
  price: number;
  rule: DepositRule | null | undefined;
}

export interface PolicyDepositLine {
  service: string;
  deposit: string;
}

/**
 * The cancellation policy's list of what online booking asks for, from the catalogue's rules (lib/deposits/rule.ts), so
 * that the page says what the booking does: one line per service with a deposit, in the menu's order, a percentage
 * with what it comes to at today's price ('25% of the price, $22.00 today').
 */
export function depositPolicyLines(services: readonly PolicyService[]): PolicyDepositLine[] {
  return services.flatMap(({ title, price, rule }) => {
    const cents = depositFor(rule, price);
    if (!rule || cents === 0) return [];
    const service = title.replace(/,? in NYC$/, '');
    return [{ service, deposit: rule.kind === 'fixed' ? formatMoneyCents(cents) : `${rule.percent}% of the price, ${formatMoneyCents(cents)} today` }];
  });
}
