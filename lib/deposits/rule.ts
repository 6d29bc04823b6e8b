import { formatMoneyCents } from '@/lib/catalog/format';
import type { DepositRuleData } from '@/lib/db/schema/deposits';

/**
 * The deposit rule (issue 37, item 1), pure so that the booking page, the server and the menu editor say the same.
 * A service asks for none, a fixed amount, or a whole percentage of its price; what a visit pays is whole dollars
 * (the shop's deposit line is a $1.00 variant times the dollars, docs/decisions.md 'Deposits'): a percentage rounds up
 * to the dollar, and no service's deposit is more than its price rounded up to the dollar. A service a package
 * session covers needs none.
 */

export type DepositRule = DepositRuleData;

/** At most this much per service: a deposit is part of a price, and prices stop at $10,000 (lib/menu/schemas.ts). */
export const MAX_DEPOSIT_CENTS = 1_000_000;

/** A price in dollars (the catalogue's numbers, to the cent) as whole cents. */
const centsOf = (dollars: number) => Math.round(dollars * 100);
const upToDollar = (cents: number) => Math.ceil(cents / 100) * 100;

/** The deposit of one service at this price, in cents (whole dollars); 0 when the rule is none or the price is $0. */
export function depositFor(rule: DepositRule | null | undefined, price: number): number {
  if (!rule) return 0;
  const priceCents = centsOf(price);
  if (priceCents <= 0) return 0;
  const cap = upToDollar(priceCents);
  if (rule.kind === 'fixed') return Math.min(rule.cents, cap);
  return Math.min(upToDollar((priceCents * rule.percent) / 100), cap);
}

export interface DepositLine {
  serviceId: string;
  /** The service's price in dollars (the catalogue's, before any package). */
  price: number;
  rule: DepositRule | null | undefined;
  /** A package session pays for it: it needs no deposit. */
  packageCovered: boolean;
}

export interface VisitDeposit {
  /** What the visit asks for, in cents (whole dollars). */
  cents: number;
  /** The services that ask for it, each with its part. */
  lines: { serviceId: string; cents: number }[];
}

/** What a visit's services ask for together: each one's deposit, none for those a package covers. */
export function visitDeposit(lines: readonly DepositLine[]): VisitDeposit {
  const parts = lines.flatMap((line) => {
    const cents = line.packageCovered ? 0 : depositFor(line.rule, line.price);
    return cents > 0 ? [{ serviceId: line.serviceId, cents }] : [];
  });
  return { cents: parts.reduce((sum, part) => sum + part.cents, 0), lines: parts };
}


/** How the menu editor and its log name a rule: 'none', '$100.00', '25% of the price'. */
export function describeDepositRule(rule: DepositRule | null | undefined): string {
  if (!rule) return 'none';
  return rule.kind === 'fixed' ? formatMoneyCents(rule.cents) : `${rule.percent}% of the price`;
}

/** Hours ahead a cancellation must be for the deposit to become credit (the cancellation policy's 24 hours). */
export const DEPOSIT_CREDIT_HOURS = 24;

/** The rule in one sentence, said before BOOK beside the total deposit, and in the confirmation. */
export function depositRuleSentence(cents: number): string {
  return (
    `A deposit of ${formatMoneyCents(cents)} is paid at the shop's checkout to book this visit and taken off its price at the salon; ` +
    `cancel ${DEPOSIT_CREDIT_HOURS} hours or more ahead and it becomes credit on your account, later or if you miss the visit the salon keeps it as the fee.`
  );
}
