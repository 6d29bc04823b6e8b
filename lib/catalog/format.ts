import { SHORTENED_DURATION_FLAGS } from './tables';

const MINUTES_ONLY_FROM = 360;

/** 'N min', 'N hr', 'N hr M min', 'N hrs', 'N hrs M min'; 360 minutes or more read as minutes. */
export function formatDuration(minutes: number): string {
  if (minutes < 60 || minutes >= MINUTES_ONLY_FROM) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourPart = `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
  return rest === 0 ? hourPart : `${hourPart} ${rest} min`;
}

/**
 * The duration shown to a person. Add-on, cupping and massage types (16, 8388608, 33554432, 16777216) show
 * 15 minutes less than they book, because the booked time includes a changeover; 'Heeled' treatments do not.
 */
export function shownDurationMinutes(item: { duration: number; svcType: number; title: string; name?: string }): number {
  const heeled = /heeled/i.test(item.title) || /heeled/i.test(item.name ?? '');
  if (SHORTENED_DURATION_FLAGS.includes(item.svcType) && !heeled) return Math.max(item.duration - 15, 0);
  return item.duration;
}

export function formatServiceDuration(item: { duration: number; svcType: number; title: string; name?: string }): string {
  return formatDuration(shownDurationMinutes(item));
}

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Prices are shown in US dollars: $75 for whole dollars, $97.50 otherwise. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? usdWhole.format(amount) : usdCents.format(amount);
}

/** Cart line discount: price minus price * discPrcentage / 100, to the cent. */
export function discountedPrice(price: number, discPrcentage: number | null | undefined): number {
  if (!discPrcentage) return price;
  return Math.round((price - (price * discPrcentage) / 100) * 100) / 100;
}

/** Price per session of a package, to the cent. */
export function pricePerSession(total: number, sessions: number): number {
  return Math.round((total / Math.max(sessions, 1)) * 100) / 100;
}

/**
 * What an offer costs without it: each included service at its single-session price (bundles), or sessions x the
 * service's price (packages). The offer's pvPrice is this less its discount, except for the hand-set prices the
 * specification lists, where it equals this.
 */
export function offerOriginalPrice(offer: { pvType: number; pvQtyCombined: number; psvc: readonly { svcPrice: number }[] }): number {
  if (offer.pvType === 4) return offer.psvc.reduce((sum, svc) => sum + svc.svcPrice, 0);
  return (offer.psvc[0]?.svcPrice ?? 0) * offer.pvQtyCombined;
}

/** 'Smooth Face Wax bundle', but 'Welcome Laser Bundle' as it is: most bundles are named '… Bundle' already. */
export function bundleLabel(title: string): string {
  return /\bbundle$/i.test(title) ? title : `${title} bundle`;
}

/** Money the site keeps in cents (deposits, account credit, gift cards), always with the cents: '$150.00'. */
export function formatMoneyCents(cents: number): string {
  return usdCents.format(Math.trunc(cents) / 100);
}
