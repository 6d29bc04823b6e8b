/**
 * Which of the owner's banners shows on a New York day. Pure and without imports: the home page's banner island
 * decides it again in the browser, because the prerendered page it comes in may have been rendered before the day
 * began (lib/marketing/promotions.ts has the server's side, docs/decisions.md 'The banner at a date boundary').
 */

/** A banner as the home page carries it. Days are New York calendar days, 'YYYY-MM-DD', both inclusive. */
export interface HomeBanner {
  text: string;
  /** A path of this site or an https address; '' for none. */
  link: string;
  startsOn: string;
  endsOn: string;
}

export const BANNER_TIME_ZONE = 'America/New_York';

const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: BANNER_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in New York at an instant: 'YYYY-MM-DD'. */
export function newYorkDate(ms: number): string {
  const parts = Object.fromEntries(dayParts.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today in New York. */
export function newYorkToday(): string {
  return newYorkDate(Date.now());
}

/** Whether a banner shows on `day`: from the first day's start to the last day's end, New York time. */
export function showsOn(banner: Pick<HomeBanner, 'startsOn' | 'endsOn'>, day: string): boolean {
  return banner.startsOn <= day && day <= banner.endsOn;
}

/** The banner that shows on `day`, if any: of those running, the one that started last. */
export function bannerOn<T extends Pick<HomeBanner, 'startsOn' | 'endsOn'>>(banners: readonly T[], day: string): T | undefined {
  let chosen: T | undefined;
  for (const banner of banners) {
    if (showsOn(banner, day) && (!chosen || banner.startsOn >= chosen.startsOn)) chosen = banner;
  }
  return chosen;
}
