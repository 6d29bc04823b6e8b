import { z } from 'zod';
import { localMinuteToUtcMs, nextDate, parseDateInLocationTz, type DateInLocationTz } from '@/lib/booking/dates';
import { newYorkDate, type HomeBanner } from './banner-window';

/**
 * The rules of the owner's promotions (the home page's banner and its 'Latest News' cards), pure: what a valid one
 * is, in what order the cards stand, and how a change reads in the activity log. The JSON API and the page's forms
 * validate with these same schemas (lib/marketing/promotion-handlers.ts).
 */

export const BANNER_TEXT_MAX = 140;
export const NEWS_TITLE_MAX = 80;
export const NEWS_TEXT_MAX = 280;
export const LINK_MAX = 300;

const SAME_SITE_BASE = 'https://same-site.invalid';
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

/**
 * Whether a link may go on the home page: a path of this site ('/specials/women/laser/', never '//host' or '/\host',
 * which browsers read as another site) or an https address without a user name or password in it. Nothing else:
 * no javascript:, data: or http: address.
 */
export function isSafeLink(value: string): boolean {
  if (value.length === 0 || value.length > LINK_MAX || SPACE_OR_CONTROL.test(value)) return false;
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.startsWith('/\\')) return false;
    try {
      return new URL(value, SAME_SITE_BASE).origin === SAME_SITE_BASE;
    } catch {
      return false;
    }
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
}

export const LINK_RULE = 'Give a page of this site, starting with / (like /specials/women/laser/), or an address starting with https://.';

/** '' (no link) or a safe link. */
const link = z
  .string({ message: LINK_RULE })
  .trim()
  .max(LINK_MAX, `Keep the link under ${LINK_MAX} characters.`)
  .refine((value) => value === '' || isSafeLink(value), LINK_RULE);

const day = (label: string) =>
  z.string({ message: `Give the ${label} as a date.` }).refine((value) => parseDateInLocationTz(value) !== undefined, `Give the ${label} as a date (YYYY-MM-DD).`);

/** The banner: its text, link, and the New York days it shows on (both included). */
export const bannerSchema = z
  .object({
    text: z
      .string({ message: 'Write the text of the banner.' })
      .trim()
      .min(1, 'Write the text of the banner.')
      .max(BANNER_TEXT_MAX, `Keep the banner under ${BANNER_TEXT_MAX} characters.`),
    link: link.default(''),
    startsOn: day('first day'),
    endsOn: day('last day'),
  })
  .refine((banner) => banner.endsOn >= banner.startsOn, { message: 'The last day must be the first day or after it.', path: ['endsOn'] });
export type BannerInput = z.output<typeof bannerSchema>;

const title = z
  .string({ message: 'Write a title.' })
  .trim()
  .min(1, 'Write a title.')
  .max(NEWS_TITLE_MAX, `Keep the title under ${NEWS_TITLE_MAX} characters.`);
const text = z
  .string({ message: 'Write the text of the card.' })
  .trim()
  .min(1, 'Write the text of the card.')
  .max(NEWS_TEXT_MAX, `Keep the text under ${NEWS_TEXT_MAX} characters.`);
/** A place in the list of cards, 0 first; past the end means last. */
const position = z.number({ message: 'Give the place as a number, 0 for first.' }).int('Give the place as a whole number.').min(0, 'Give the place as 0 (first) or more.').max(1000, 'Give the place as 1000 or less.');
const published = z.boolean({ message: 'Say whether the card is published (true or false).' });

export const newsCreateSchema = z.object({ title, text, link: link.default(''), published: published.default(true), position: position.optional() });
export type NewsCreateInput = z.output<typeof newsCreateSchema>;

export const newsPatchSchema = z
  .object({ title: title.optional(), text: text.optional(), link: link.optional(), published: published.optional(), position: position.optional() })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: 'Send at least one of title, text, link, published or position.', path: ['_'] });
export type NewsPatchInput = z.output<typeof newsPatchSchema>;

export const newsIdSchema = z.object({ id: z.coerce.number({ message: 'must be a news card id' }).int('must be a news card id').min(1, 'must be a news card id').max(2_147_483_647, 'must be a news card id') });

/** Where a banner stands on `today`. */
export type BannerStatus = 'showing' | 'scheduled' | 'ended';
export function bannerStatus(banner: Pick<HomeBanner, 'startsOn' | 'endsOn'>, today: string): BannerStatus {
  if (banner.endsOn < today) return 'ended';
  return banner.startsOn > today ? 'scheduled' : 'showing';
}

/** The banners a page rendered on `today` carries: those not yet over (running, or still to come). */
export function bannersToCome<T extends Pick<HomeBanner, 'endsOn'>>(banners: readonly T[], today: string): T[] {
  return banners.filter((banner) => banner.endsOn >= today);
}

/**
 * The next instant at which the banner shown changes with nobody saving anything: a banner's first day beginning,
 * or the day after its last, at midnight in New York. Undefined when no banner is still to start or to end.
 */
export function nextBannerChange(banners: readonly Pick<HomeBanner, 'startsOn' | 'endsOn'>[], now: number): number | undefined {
  const today = newYorkDate(now);
  const days = banners.flatMap((banner) => [banner.startsOn, nextDate(banner.endsOn as DateInLocationTz)]).filter((day) => day > today);
  const first = days.sort()[0];
  return first === undefined ? undefined : localMinuteToUtcMs(first as DateInLocationTz, 0);
}

/** How long the banners a page carries are kept when none is due to start or end: until a publish changes them. */
export const STEADY_BANNER_SECONDS = 30 * 24 * 60 * 60;

/**
 * What the prerendered home page carries at `now` (the banners not over yet) and for how many seconds that holds: up
 * to a second past the next New York midnight at which a banner starts or ends, so that the render it brings falls
 * on the new day.
 */
export function homeBanners<T extends HomeBanner>(banners: readonly T[], now: number = Date.now()): { carried: T[]; seconds: number } {
  const next = nextBannerChange(banners, now);
  return {
    carried: bannersToCome(banners, newYorkDate(now)),
    seconds: next === undefined ? STEADY_BANNER_SECONDS : Math.max(1, Math.ceil((next - now) / 1000) + 1),
  };
}

/** The cards' ids in their new order after moving `id` to place `to` (clamped to the list). */
export function moveCard(order: readonly number[], id: number, to: number): number[] {
  const rest = order.filter((candidate) => candidate !== id);
  if (rest.length === order.length) return [...order];
  const place = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, place), id, ...rest.slice(place)];
}

/** The cards in the order the home page shows them: by position, then the older card first. */
export function inNewsOrder<T extends { id: number; position: number }>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => a.position - b.position || a.id - b.id);
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dayNoYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const asDate = (value: string) => new Date(`${value}T00:00:00Z`);

/** 'Nov 28, 2026'. */
export function formatDay(value: string): string {
  return dayFormat.format(asDate(value));
}

/** 'Mar 1 – May 31, 2026', 'Dec 20, 2026 – Jan 2, 2027', 'Nov 28, 2026'. */
export function formatDays(startsOn: string, endsOn: string): string {
  if (startsOn === endsOn) return formatDay(startsOn);
  const sameYear = startsOn.slice(0, 4) === endsOn.slice(0, 4);
  return `${sameYear ? dayNoYear.format(asDate(startsOn)) : formatDay(startsOn)} – ${formatDay(endsOn)}`;
}

const quoted = (value: string) => `“${value}”`;
const linkText = (value: string) => value || 'none';

/** The activity log's line for a banner saved over `before` (null: there was none). */
export function bannerChangeSummary(before: HomeBanner | null, after: HomeBanner): string {
  if (!before) return `New banner ${quoted(after.text)}, ${formatDays(after.startsOn, after.endsOn)}`;
  const parts: string[] = [];
  if (before.text !== after.text) parts.push(`Text ${quoted(before.text)} → ${quoted(after.text)}`);
  if (before.link !== after.link) parts.push(`Link ${linkText(before.link)} → ${linkText(after.link)}`);
  if (before.startsOn !== after.startsOn || before.endsOn !== after.endsOn) {
    parts.push(`Dates ${formatDays(before.startsOn, before.endsOn)} → ${formatDays(after.startsOn, after.endsOn)}`);
  }
  return parts.join('; ');
}

/** A news card as the log records it. */
export interface NewsRecord {
  title: string;
  text: string;
  link: string;
  published: boolean;
  /** Its place in the list, 1 first (as the owner counts). */
  place: number;
}

/** The activity log's line for a card changed from `before` to `after`; '' when nothing changed. */
export function newsChangeSummary(before: NewsRecord, after: NewsRecord): string {
  const parts: string[] = [];
  if (before.title !== after.title) parts.push(`Title ${quoted(before.title)} → ${quoted(after.title)}`);
  if (before.text !== after.text) parts.push('Text changed');
  if (before.link !== after.link) parts.push(`Link ${linkText(before.link)} → ${linkText(after.link)}`);
  if (before.published !== after.published) parts.push(after.published ? 'Published' : 'Hidden from the home page');
  if (before.place !== after.place) parts.push(`Moved from place ${before.place} to ${after.place}`);
  return parts.join('; ');
}

/** Where the banner stands, in words for the owner's page. */
export function bannerStatusLine(banner: Pick<HomeBanner, 'startsOn' | 'endsOn'>, today: string): string {
  const status = bannerStatus(banner, today);
  if (status === 'showing') return `Showing on the home page now, until the end of ${formatDay(banner.endsOn)}.`;
  if (status === 'scheduled') return `Scheduled: it shows on the home page ${formatDays(banner.startsOn, banner.endsOn)}.`;
  return `Ended on ${formatDay(banner.endsOn)}: the home page shows no banner.`;
}
