import { formatDuration } from '@/lib/catalog/format';
import { LOCATIONS, type LocationSlug } from '@/lib/catalog/tables';
import { describeDepositRule, type DepositRule } from '@/lib/deposits/rule';
import { formatCents } from './money';

/**
 * The activity log's one-line summaries of menu changes ('Price $65.00 → $70.00; Duration 45 min → 1 hr'), pure.
 * Each names only what changed.
 */

export const placeNames = (slugs: readonly LocationSlug[]) => (slugs.length === 0 ? 'nowhere' : slugs.map((slug) => LOCATIONS.find((l) => l.slug === slug)!.name).join(', '));
const percent = (value: number | null) => (value === null ? 'none' : `${value}%`);

export interface ServiceFacts {
  name: string;
  desc: string | null;
  price: number;
  duration: number;
  bookableAt: readonly LocationSlug[];
  deposit: DepositRule | null;
}

export function serviceChangeParts(before: ServiceFacts, after: ServiceFacts): string[] {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`Name ${before.name} → ${after.name}`);
  if (before.price !== after.price) parts.push(`Price ${formatCents(before.price)} → ${formatCents(after.price)}`);
  if (before.duration !== after.duration) parts.push(`Duration ${formatDuration(before.duration)} → ${formatDuration(after.duration)}`);
  if (before.desc !== after.desc) parts.push('Description changed');
  if (before.bookableAt.join() !== after.bookableAt.join()) parts.push(`Online at ${placeNames(before.bookableAt)} → ${placeNames(after.bookableAt)}`);
  if (describeDepositRule(before.deposit) !== describeDepositRule(after.deposit)) parts.push(`Deposit ${describeDepositRule(before.deposit)} → ${describeDepositRule(after.deposit)}`);
  return parts;
}

export interface OfferFacts {
  name: string;
  desc: string;
  sessions: number;
  discount: number | null;
  fullPrice: boolean;
  price: number;
  serviceNames: readonly string[];
}

export function offerChangeParts(before: OfferFacts, after: OfferFacts): string[] {
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`Name ${before.name} → ${after.name}`);
  if (before.sessions !== after.sessions) parts.push(`Sessions ${before.sessions} → ${after.sessions}`);
  if (before.discount !== after.discount) parts.push(`Discount ${percent(before.discount)} → ${percent(after.discount)}`);
  if (before.fullPrice !== after.fullPrice) parts.push(after.fullPrice ? 'Sold at the full price' : 'Sold at the discounted price');
  if (before.serviceNames.join('\n') !== after.serviceNames.join('\n')) parts.push(`Services ${before.serviceNames.join(', ')} → ${after.serviceNames.join(', ')}`);
  if (before.desc !== after.desc) parts.push('Description changed');
  if (before.price !== after.price) parts.push(`Price ${formatCents(before.price)} → ${formatCents(after.price)}`);
  return parts;
}

/** 'Price $191.25 → $204.00 for 2 packages and 1 bundle' style tail for the offers a service change repriced. */
export function repricedTail(packages: number, bundles: number): string {
  const kinds = [packages > 0 ? `${packages} package${packages === 1 ? '' : 's'}` : '', bundles > 0 ? `${bundles} bundle${bundles === 1 ? '' : 's'}` : ''].filter(Boolean);
  return kinds.length === 0 ? '' : `${kinds.join(' and ')} repriced`;
}
