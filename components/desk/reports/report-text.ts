import { formatDays } from '@/lib/marketing/promotion-rules';
import type { Money, ReportPeriod } from '@/lib/reports/report';

/** How the owner's report writes its figures and each figure's change against the period before. No React. */

export type FigureKind = 'count' | 'money' | 'rate' | 'minutes';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1,234'. */
export const formatCount = (value: number) => whole.format(value);

/** '$1,234.50' from cents. */
export const formatMoney = (money: Money) => usd.format(money.cents / 100);

/** '12.5%' for 0.125. */
export const formatRate = (rate: number) => `${oneDecimal.format(rate * 100)}%`;

/** '37.5 h' for 2,250 minutes: utilisation is read in hours. */
export const formatHours = (minutes: number) => `${oneDecimal.format(minutes / 60)} h`;

/** A figure as its kind writes it (money in cents). */
export function formatFigure(value: number, kind: FigureKind): string {
  if (kind === 'money') return formatMoney({ cents: value });
  if (kind === 'rate') return formatRate(value);
  if (kind === 'minutes') return formatHours(value);
  return formatCount(value);
}

/** Booked minutes over rostered minutes; 0 when nobody was rostered. */
export const utilisationRate = (bookedMinutes: number, rosteredMinutes: number) => (rosteredMinutes > 0 ? bookedMinutes / rosteredMinutes : 0);

/** The online share of the bookings made; 0 when none were made. */
export const onlineShare = (online: number, made: number) => (made > 0 ? online / made : 0);

export interface Change {
  /** 'up', 'down' or 'same': said in words too, never by colour alone. */
  direction: 'up' | 'down' | 'same';
  /** '+3 (+12%)', '−$40.00 (−8%)', '+1.5 pts', 'No change', '+2 (none before)'. */
  text: string;
}

const minus = '\u2212';
const signed = (text: string, negative: boolean) => `${negative ? minus : '+'}${text}`;

/**
 * A figure's change against the same period before: the difference in the figure's own unit and, for counts, money
 * and hours, the percentage of the figure before; a rate's change is in percentage points (a percentage of a
 * percentage reads as nonsense).
 */
export function describeChange(current: number, before: number, kind: FigureKind): Change {
  const difference = current - before;
  if (Math.abs(difference) < 1e-9) return { direction: 'same', text: 'No change' };
  const direction = difference > 0 ? 'up' : 'down';
  const negative = difference < 0;
  if (kind === 'rate') return { direction, text: `${signed(oneDecimal.format(Math.abs(difference) * 100), negative)} pts` };
  const amount = signed(formatFigure(Math.abs(difference), kind), negative);
  if (before === 0) return { direction, text: `${amount} (none before)` };
  const percent = Math.round((Math.abs(difference) / Math.abs(before)) * 100);
  return { direction, text: `${amount} (${signed(`${percent}%`, negative)})` };
}

/** 'Nov 1 – Nov 30, 2026' (or one day): the period as the page's headings write it. */
export const formatPeriod = (period: ReportPeriod) => formatDays(period.from, period.to);

const weekdayDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Sun, Nov 1' for a New York date 'YYYY-MM-DD'. */
export const formatReportDay = (date: string) => weekdayDay.format(new Date(`${date}T12:00:00Z`));
