import 'server-only';
import { eq, max } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import {
  catalogChanges,
  catalogOffers,
  catalogServices,
  locationSettings,
  newsCards,
  openingHours,
  openingHoursHistory,
  promotions,
  siteSettings,
  specialHours,
  therapistServices,
  therapists,
} from '@/lib/db/schema';
import { SERVICE_TYPES } from './data';
import type { CatalogSnapshot, NewsCard } from './snapshot';
import { snapshotOfRows, type OfferRow, type ServiceRow } from './snapshot-rows';
import type { LocationId } from './tables';

/** The catalogue as the database holds it now: every table the owner edits, read in one go, with its version. */
export async function loadCatalogSnapshot(db: Db): Promise<CatalogSnapshot> {
  const [[version], services, offers, people, doing, hours, pastHours, special, settings, banners, cards, [hero]] = await Promise.all([
    db.select({ id: max(catalogChanges.id) }).from(catalogChanges),
    db.select().from(catalogServices),
    db.select().from(catalogOffers),
    db.select().from(therapists),
    db.select().from(therapistServices),
    db.select().from(openingHours),
    db.select().from(openingHoursHistory),
    db.select().from(specialHours),
    db.select().from(locationSettings),
    db.select().from(promotions).orderBy(promotions.startsOn),
    db.select().from(newsCards).where(eq(newsCards.published, true)).orderBy(newsCards.position, newsCards.id),
    db.select().from(siteSettings).where(eq(siteSettings.key, 'hero_photo')),
  ]);
  return snapshotOfRows({
    version: Number(version?.id ?? 0),
    services: services as ServiceRow[],
    offers: offers as OfferRow[],
    therapists: people.map(({ id, name, bio, photoId, retiredAt }) => ({ id, name, bio, photoId, retiredAt })),
    therapistServices: doing.map((row) => ({ ...row, location: row.location as LocationId })),
    hours,
    pastHours,
    specialHours: special,
    settings,
    promotions: banners.map(({ text, link, startsOn, endsOn }) => ({ text, link, startsOn, endsOn })),
    news: cards.map(({ id, title, body, link, photoId }): NewsCard => ({ id, title, body, link, photoId })),
    heroPhotoId: typeof hero?.value === 'string' ? hero.value : null,
    serviceTypes: SERVICE_TYPES,
  });
}
