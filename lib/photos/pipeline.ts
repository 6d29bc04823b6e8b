import 'server-only';
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { ApiError } from '@/lib/api/errors';
import { PHOTO_FORMAT, PHOTO_MAX_SIDE, photoIdOf, photoWidths } from './address';
import { MAX_PHOTO_BYTES } from './field';

/**
 * An upload made into the site's photo files with sharp: the file's type told by its first bytes (never its name), its
 * size and pixel count checked before anything is decoded, turned upright by its EXIF orientation, converted to sRGB,
 * every piece of metadata dropped (EXIF with its GPS position and camera, XMP, IPTC, the colour profile), and written
 * as WebP at each width of PHOTO_WIDTHS up to its own (never enlarged). Anything else is refused with a 4xx and a
 * sentence about the field `photo`.
 */

/**
 * The most pixels decoded: a 50 MP phone photo (8160 x 6120) passes; a small file that claims more (a decompression
 * bomb: a 20,000 px square PNG of one colour is about 1 MB) is refused from its header, before it is decoded.
 */
export const MAX_PHOTO_PIXELS = 60_000_000;
/** Smaller than this on a side, a photo would show blurred in every box the pages give it. */
export const MIN_PHOTO_SIDE = 200;
/** Changes the hash of every new upload when the files made from one would change, so an address never does. */
const PIPELINE_VERSION = 'photos-v1';
const WEBP_QUALITY = 80;

export type PhotoType = 'jpeg' | 'png' | 'webp';

export interface PhotoVariant {
  width: number;
  height: number;
  format: typeof PHOTO_FORMAT;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  id: string;
  hash: string;
  /** Of the largest variant: the photo as the pages have it. */
  width: number;
  height: number;
  type: PhotoType;
  originalBytes: number;
  variants: PhotoVariant[];
}

const refused = (status: number, code: string, message: string) => new ApiError(status, code, message, { photo: message });

const WRONG_TYPE = 'This file is not a JPEG, PNG or WebP photo. Choose a photo in one of those formats.';

/** The type of an upload from its first bytes (magic numbers), whatever its name or declared type say. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | 'heic' | undefined {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(ascii(8, 12))) return 'heic';
  return undefined;
}

/** The hash an upload is known by: the same file gives the same photo. */
export function photoHash(bytes: Uint8Array): string {
  return createHash('sha256').update(PIPELINE_VERSION).update('\0').update(bytes).digest('hex').slice(0, 32);
}

/** A size in MB, rounded up to a tenth, so that a file just over the limit never reads as the limit itself. */
const megabytes = (bytes: number) => `${(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1)} MB`;

/** The 413 for a photo of `size` bytes, over MAX_PHOTO_BYTES. */
export function photoTooLarge(size: number): ApiError {
  return refused(413, 'too_large', `This photo is ${megabytes(size)}; the largest the site takes is ${MAX_PHOTO_BYTES / (1024 * 1024)} MB. Choose a smaller one.`);
}

/** Refuses an upload for its size and type, from its bytes alone (nothing decoded yet). */
export function checkUpload(bytes: Uint8Array): PhotoType {
  if (bytes.length === 0) throw refused(422, 'invalid', 'This file is empty. Choose a photo.');
  if (bytes.length > MAX_PHOTO_BYTES) throw photoTooLarge(bytes.length);
  const type = sniffPhotoType(bytes);
  if (type === 'heic') {
    throw refused(415, 'unsupported_media_type', 'This is a HEIC photo. Choose it from the photo library (which hands it over as a JPEG), or save it as a JPEG first.');
  }
  if (!type) throw refused(415, 'unsupported_media_type', WRONG_TYPE);
  return type;
}

const UNREADABLE = 'This photo could not be read: the file is damaged or incomplete. Choose it again, or another one.';

/** Makes the photo's files, or refuses the upload (4xx). */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  const type = checkUpload(input);
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let header: Metadata;
  try {
    header = await sharp(bytes).metadata();
  } catch {
    throw refused(422, 'unreadable', UNREADABLE);
  }
  if (header.format !== type) throw refused(415, 'unsupported_media_type', WRONG_TYPE);
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > MAX_PHOTO_PIXELS) {
    const mp = (n: number) => `${Math.round(n / 1_000_000)} megapixels`;
    throw refused(422, 'too_many_pixels', `This photo has ${mp(pixels)}; the most the site takes is ${mp(MAX_PHOTO_PIXELS)}. Choose a smaller one.`);
  }
  // The upright photo at its largest size, as raw pixels, decoded once (a JPEG is shrunk while it is decoded).
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw refused(422, 'unreadable', UNREADABLE);
  }
  const { width, height, channels } = base.info;
  if (Math.min(width, height) < MIN_PHOTO_SIDE) {
    throw refused(422, 'too_small', `This photo is ${width} x ${height} pixels; choose one at least ${MIN_PHOTO_SIDE} pixels on each side.`);
  }
  const variants: PhotoVariant[] = [];
  for (const variantWidth of photoWidths({ width })) {
    // No metadata is written: sharp drops it unless asked to keep it (withMetadata/keepExif), and nothing here asks.
    const { data, info } = await sharp(base.data, { raw: { width, height, channels } })
      .resize({ width: variantWidth })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, height: info.height, format: PHOTO_FORMAT, bytes: data });
  }
  const hash = photoHash(input);
  return { id: photoIdOf(hash, width, height), hash, width, height, type, originalBytes: input.byteLength, variants };
}
