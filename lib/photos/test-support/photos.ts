import sharp from 'sharp';

/** Where the test photos claim to have been taken (Times Square), in EXIF's GPS fields. */
export const TEST_GPS = { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 28/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 8/1' };
export const TEST_CAMERA = 'Pixelphone 15 Pro';

/**
 * A phone-like JPEG: red in its stored top-left quarter, blue elsewhere, with EXIF (camera, GPS position) and an
 * orientation tag, as a phone writes a photo held upright (6: turn 90 degrees clockwise to show it).
 */
export async function testJpeg({ width = 400, height = 300, orientation = 6 }: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const quarter = await sharp({ create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: quarter, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .withExif({ IFD0: { Make: 'Pixelphone', Model: TEST_CAMERA }, IFD3: TEST_GPS })
    .withIccProfile('p3')
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();
}

/** Whether EXIF data (as sharp's metadata().exif gives it) holds a GPS block: the TIFF tag 0x8825 in either byte order. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}
