/**
 * A photo's id and its addresses, pure (the pages, the owner's field in the browser and the media route share it).
 * An id says what its files are: `{hash}-{width}x{height}`, the hash of the uploaded file and the size of the largest
 * file made from it. So a prerendered page builds the whole srcset from the id the catalogue holds, with no database
 * read, and an address never serves other bytes (immutable caching is safe).
 */

/** The widths made of every photo (never wider than the photo itself): a 56 px menu thumbnail at 2x up to a hero. */
export const PHOTO_WIDTHS = [160, 320, 640, 1024, 1600] as const;
/** The largest file fits in this square. */
export const PHOTO_MAX_SIDE = 1600;
/** Every browser Next.js 16 supports (Chrome/Edge/Firefox 111, Safari 16.4) shows WebP: one format, no fallback. */
export const PHOTO_FORMAT = 'webp';
export const PHOTO_CONTENT_TYPE = 'image/webp';
/** Where the media route serves them. */
export const MEDIA_PATH = '/media/';

const PHOTO_ID = /^([0-9a-f]{32})-([1-9]\d{0,3})x([1-9]\d{0,3})$/;

export interface PhotoRef {
  id: string;
  hash: string;
  /** Of the largest file. */
  width: number;
  height: number;
}

export function photoIdOf(hash: string, width: number, height: number): string {
  return `${hash}-${width}x${height}`;
}

/** The photo an id names, or undefined for anything that is not a photo id. */
export function parsePhotoId(id: string): PhotoRef | undefined {
  const match = PHOTO_ID.exec(id);
  if (!match) return undefined;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE) return undefined;
  return { id, hash: match[1]!, width, height };
}

/** The widths a photo has files for: the standard ones narrower than it, and its own width. */
export function photoWidths(photo: Pick<PhotoRef, 'width'>): number[] {
  return [...PHOTO_WIDTHS.filter((width) => width < photo.width), photo.width];
}

export function photoSrc(photo: Pick<PhotoRef, 'id'>, width: number): string {
  return `${MEDIA_PATH}${photo.id}/${width}.${PHOTO_FORMAT}`;
}

/** `srcset` with every width the photo has. */
export function photoSrcSet(photo: PhotoRef): string {
  return photoWidths(photo)
    .map((width) => `${photoSrc(photo, width)} ${width}w`)
    .join(', ');
}

/** The file for a box `cssWidth` px wide at 2x (a src for browsers that skip srcset, and for JSON-LD at 640). */
export function photoSrcFor(photo: PhotoRef, cssWidth: number): string {
  const widths = photoWidths(photo);
  return photoSrc(photo, widths.find((width) => width >= cssWidth * 2) ?? widths[widths.length - 1]!);
}

/** What a page or a client needs to show a photo: its addresses and its shape. */
export interface PhotoAddresses {
  id: string;
  width: number;
  height: number;
  src: string;
  srcSet: string;
}

export function photoAddresses(photo: PhotoRef): PhotoAddresses {
  return { id: photo.id, width: photo.width, height: photo.height, src: photoSrcFor(photo, 320), srcSet: photoSrcSet(photo) };
}

/** `/media/{id}/{width}.webp` as the media route receives it: the photo and a width it has, or undefined. */
export function parseMediaPath(id: string, file: string): { photo: PhotoRef; width: number } | undefined {
  const photo = parsePhotoId(id);
  const match = /^(\d{1,4})\.webp$/.exec(file);
  if (!photo || !match) return undefined;
  const width = Number(match[1]);
  return photoWidths(photo).includes(width) ? { photo, width } : undefined;
}
