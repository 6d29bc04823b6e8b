import sharp from 'sharp';
import { ApiError } from '@/lib/api/errors';
import { parsePhotoId, PHOTO_WIDTHS, photoWidths } from './address';
import { MAX_PHOTO_BYTES } from './field';
import { checkUpload, photoHash, processPhoto, sniffPhotoType } from './pipeline';
import { exifHasGps, TEST_CAMERA, testJpeg } from './test-support/photos';

jest.setTimeout(60_000);

/** The error processPhoto refuses with: its status, code and the sentence about the field. */
async function refusal(input: Uint8Array) {
  const error = await processPhoto(input).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, code, fields } = error as ApiError;
  return { status, code, message: fields?.photo };
}

/** The colour (r, g, b) at a point of an image. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => b! > 200 && r! < 60 && g! < 60;

describe('processPhoto: a phone JPEG', () => {
  let input: Buffer;
  beforeAll(async () => {
    input = await testJpeg({ width: 2000, height: 1500, orientation: 6 });
  });

  it('starts with EXIF that holds a GPS position, the camera and a sideways orientation, XMP and a colour profile (the test is about something)', async () => {
    const meta = await sharp(input).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.icc).toBeDefined();
    expect(meta.xmp).toBeDefined();
    expect(exifHasGps(meta.exif)).toBe(true);
    expect(input.includes(TEST_CAMERA)).toBe(true);
  });

  it('drops every piece of metadata: no EXIF (so no GPS, no camera), XMP, IPTC or colour profile in any file', async () => {
    const photo = await processPhoto(input);
    expect(photo.variants.length).toBeGreaterThan(0);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(exifHasGps(meta.exif)).toBe(false);
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.bytes.includes('Exif')).toBe(false);
      expect(variant.bytes.includes(TEST_CAMERA)).toBe(false);
    }
  });

  it('turns the photo upright from its EXIF orientation: the stored top-left corner ends at the top right', async () => {
    const photo = await processPhoto(input);
    expect([photo.width, photo.height]).toEqual([1200, 1600]);
    const largest = photo.variants.at(-1)!;
    const meta = await sharp(largest.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(isRed(await pixel(largest.bytes, 1100, 100))).toBe(true);
    expect(isBlue(await pixel(largest.bytes, 100, 100))).toBe(true);
    expect(isBlue(await pixel(largest.bytes, 1100, 1500))).toBe(true);
  });

  it('makes each standard width up to its own, never wider, with an id that names its hash and size', async () => {
    const photo = await processPhoto(input);
    expect(photo.variants.map((v) => v.width)).toEqual([160, 320, 640, 1024, 1200]);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.width).toBe(variant.width);
      expect(variant.height).toBe(Math.round((variant.width * 1600) / 1200));
    }
    expect(photo.id).toBe(`${photo.hash}-1200x1600`);
    expect(parsePhotoId(photo.id)).toEqual({ id: photo.id, hash: photo.hash, width: 1200, height: 1600 });
    expect(photo.hash).toBe(photoHash(input));
    expect(photo).toMatchObject({ type: 'jpeg', originalBytes: input.length });
  });

  it('never enlarges: a 640 x 480 photo gets 160, 320 and 640', async () => {
    const small = await processPhoto(await testJpeg({ width: 640, height: 480, orientation: 1 }));
    expect([small.width, small.height]).toEqual([640, 480]);
    expect(small.variants.map((v) => v.width)).toEqual([160, 320, 640]);
    expect(photoWidths(small)).toEqual([160, 320, 640]);
  });

  it('caps the largest file at 1600 px wide for a wide photo', async () => {
    const wide = await processPhoto(await testJpeg({ width: 3000, height: 1000, orientation: 1 }));
    expect([wide.width, wide.height]).toEqual([1600, 533]);
    expect(wide.variants.map((v) => v.width)).toEqual([...PHOTO_WIDTHS]);
  });
});

describe('processPhoto: PNG and WebP', () => {
  it('takes a PNG (transparency kept) and a WebP, and writes WebP', async () => {
    const png = await sharp({ create: { width: 500, height: 400, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0.5 } } }).png().toBuffer();
    const fromPng = await processPhoto(png);
    expect(fromPng.type).toBe('png');
    expect((await sharp(fromPng.variants.at(-1)!.bytes).metadata()).hasAlpha).toBe(true);
    const webp = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#336699' } }).webp().toBuffer();
    const fromWebp = await processPhoto(webp);
    expect(fromWebp.type).toBe('webp');
    expect(fromWebp.variants.map((v) => v.width)).toEqual([160, 320, 500]);
  });

  it('makes a 16-bit PNG into ordinary 8-bit files with its colours', async () => {
    const deep = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } }).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const photo = await processPhoto(deep);
    expect(isRed(await pixel(photo.variants.at(-1)!.bytes, 150, 150))).toBe(true);
  });
});

describe('processPhoto: what it refuses, with a 4xx and a sentence, never a 500', () => {
  it('a file that is not a JPEG, PNG or WebP by its content, whatever it is called: 415', async () => {
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } }).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300"/></svg>');
    const tiff = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } }).tiff().toBuffer();
    for (const file of [gif, svg, tiff, Buffer.from('%PDF-1.7 not a photo at all')]) {
      expect(await refusal(file)).toEqual({ status: 415, code: 'unsupported_media_type', message: expect.stringMatching(/not a JPEG, PNG or WebP photo/) });
    }
  });

  it('a HEIC photo sent as it is: 415 saying how to send it', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
    expect(sniffPhotoType(heic)).toBe('heic');
    expect(await refusal(heic)).toEqual({ status: 415, code: 'unsupported_media_type', message: expect.stringMatching(/HEIC photo.*JPEG/) });
  });

  it('a file over 15 MB: 413 naming its size', () => {
    const big = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(() => checkUpload(big)).toThrow(expect.objectContaining({ status: 413, code: 'too_large', message: expect.stringMatching(/^This photo is 15.1 MB; the largest the site takes is 15 MB\./) }));
  });

  it('an empty file: 422', async () => {
    expect(await refusal(Buffer.alloc(0))).toMatchObject({ status: 422, code: 'invalid' });
  });

  it('a decompression bomb (a 100 KB PNG of 100 megapixels) is refused from its header, before it is decoded', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await refusal(bomb)).toEqual({ status: 422, code: 'too_many_pixels', message: 'This photo has 100 megapixels; the most the site takes is 60 megapixels. Choose a smaller one.' });
    // Its header alone, the pixels cut off: decoding it would fail ('unreadable'), so this answer comes from the header.
    expect(await refusal(bomb.subarray(0, 200))).toMatchObject({ status: 422, code: 'too_many_pixels' });
  });

  it('a damaged file: random bytes after a JPEG header, and a JPEG cut in half: 422', async () => {
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 37) % 256))]);
    expect(await refusal(junk)).toMatchObject({ status: 422, code: 'unreadable', message: expect.stringMatching(/could not be read/) });
    const whole = await testJpeg({ width: 800, height: 600, orientation: 1 });
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toMatchObject({ status: 422, code: 'unreadable' });
  });

  it('a file whose header and content disagree (a PNG header on a JPEG): 415 or 422, not a photo', async () => {
    const jpeg = await testJpeg({ width: 400, height: 300, orientation: 1 });
    const disguised = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), jpeg]);
    expect([415, 422]).toContain((await refusal(disguised)).status);
  });

  it('a photo too small to show well: 422 naming its size', async () => {
    const tiny = await sharp({ create: { width: 150, height: 300, channels: 3, background: '#abcdef' } }).jpeg().toBuffer();
    expect(await refusal(tiny)).toEqual({ status: 422, code: 'too_small', message: 'This photo is 150 x 300 pixels; choose one at least 200 pixels on each side.' });
  });
});

describe('the hash', () => {
  it('is the same for the same file and differs for another', async () => {
    const a = await testJpeg({ width: 400, height: 300 });
    const b = await testJpeg({ width: 401, height: 300 });
    expect(photoHash(a)).toBe(photoHash(Buffer.from(a)));
    expect(photoHash(a)).not.toBe(photoHash(b));
    expect(photoHash(a)).toMatch(/^[0-9a-f]{32}$/);
  });
});
