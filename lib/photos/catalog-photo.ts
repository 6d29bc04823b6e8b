import { catalogSnapshot } from '@/lib/catalog/snapshot';
import { catalogPhoto as publicPhoto } from '@/lib/content/images';
import { parsePhotoId, photoSrcFor, type PhotoRef } from './address';

/** The owner's photo of a service (its id), a package or bundle (pvId) or the home page's hero ('hero'), if any. */
export function catalogPhoto(key: string): PhotoRef | undefined {
  const id = catalogSnapshot().photos.get(key);
  return id ? parsePhotoId(id) : undefined;
}

/** A service's picture for search engines (JSON-LD): the owner's photo about 1024 px wide, else the one in public/. */
export function serviceImageSrc(item: { id: string; lg: string }): string | undefined {
  const photo = catalogPhoto(item.id);
  return photo ? photoSrcFor(photo, 512) : publicPhoto(item.lg);
}
