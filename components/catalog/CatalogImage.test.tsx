import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { SERVICE_ITEMS } from '@/lib/catalog/data';
import { resetCatalogSnapshot, seedSnapshot, setCatalogSnapshot } from '@/lib/catalog/snapshot';
import { parsePhotoId } from '@/lib/photos/address';
import { serviceImageSrc } from '@/lib/photos/catalog-photo';
import { HeroImage } from '@/components/home/HeroImage';
import { CatalogImage } from './CatalogImage';
import { OfferCard } from './OfferCard';
import { serviceListRow } from './service-list-rows';
import { groupPackages } from '@/lib/catalog/catalog';
import { resolveCatalogPage, type ServicePage } from '@/lib/content/catalog-pages';
import { ServiceDetail } from './ServiceDetail';

// The buttons need the stores; what is tested here is the pictures.
jest.mock('@/components/shop/BuyButton', () => ({ BuyButton: () => null }));
jest.mock('./ServiceActions', () => ({ ServiceActions: () => null }));
jest.mock('./OftenBooked', () => ({ OftenBooked: () => null }));

const PHOTO_ID = `${'ab12'.repeat(8)}-1200x1600`;
const photo = parsePhotoId(PHOTO_ID)!;
const BRAZILIAN = SERVICE_ITEMS.find((item) => item.moniker === 'womens-brazilian-wax')!;
const LEGS = SERVICE_ITEMS.find((item) => item.moniker === 'womens-full-leg-wax')!;

/** The attributes of the first <img> of some markup. */
function img(html: string): Record<string, string> {
  const tag = /<img [^>]*>/.exec(html)?.[0] ?? '';
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
}

function withPhotos(entries: [string, string][]) {
  setCatalogSnapshot({ ...seedSnapshot(), version: 1, photos: new Map(entries) });
}
afterEach(resetCatalogSnapshot);

describe("an owner's photo on the public pages", () => {
  it('a service or offer picture: every width in srcset, the box size set (no shift), lazy, decorative', () => {
    const attrs = img(renderToStaticMarkup(<CatalogImage lg={BRAZILIAN.lg} category="wax" photo={photo} />));
    expect(attrs).toMatchObject({
      src: `/media/${PHOTO_ID}/640.webp`,
      srcSet: [160, 320, 640, 1024, 1200].map((w) => `/media/${PHOTO_ID}/${w}.webp ${w}w`).join(', '),
      sizes: '(min-width: 640px) 320px, 100vw',
      width: '480',
      height: '360',
      loading: 'lazy',
      decoding: 'async',
      alt: '',
      class: 'aspect-[4/3] w-full max-w-xs rounded-lg object-cover',
    });
    expect(attrs.fetchPriority).toBeUndefined();
  });

  it('the first picture of a page (priority) is eager and fetched first', () => {
    const attrs = img(renderToStaticMarkup(<CatalogImage lg={BRAZILIAN.lg} category="wax" photo={photo} priority />));
    expect(attrs).toMatchObject({ loading: 'eager', fetchPriority: 'high', src: `/media/${PHOTO_ID}/640.webp` });
  });

  it("without an upload it is still the photo in public/ at the specification's path, else the illustration", () => {
    const item = SERVICE_ITEMS.find((i) => i.moniker === 'womens-underarm-wax')!;
    const file = path.join(process.cwd(), 'public', item.lg);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'jpeg');
    try {
      expect(img(renderToStaticMarkup(<CatalogImage lg={item.lg} category="wax" />)).src).toContain(`/_next/image/?url=${encodeURIComponent(item.lg)}`);
      expect(serviceImageSrc(item)).toBe(item.lg);
    } finally {
      rmSync(file);
    }
    expect(img(renderToStaticMarkup(<CatalogImage lg="/images/none.jpg" category="wax" />)).src).toBe('/images/illustrations/wax.svg');
  });

  it("the service's page shows its photo from the catalogue, fetched first: the largest picture of its first screen", () => {
    const page = resolveCatalogPage('womens-brazilian-wax') as ServicePage;
    expect(img(renderToStaticMarkup(<ServiceDetail page={page} />)).src).toBe('/images/illustrations/wax.svg');
    withPhotos([[BRAZILIAN.id, PHOTO_ID]]);
    expect(img(renderToStaticMarkup(<ServiceDetail page={page} />))).toMatchObject({ src: `/media/${PHOTO_ID}/640.webp`, loading: 'eager', fetchPriority: 'high', width: '480', height: '360' });
  });

  it("an offer's card shows the offer's photo from the catalogue", () => {
    const offer = groupPackages(BRAZILIAN.spkg)[0]!;
    withPhotos([[offer.pvId, PHOTO_ID]]);
    expect(img(renderToStaticMarkup(<OfferCard offer={offer} />))).toMatchObject({ src: `/media/${PHOTO_ID}/640.webp`, class: 'offer-img', loading: 'lazy' });
  });

  // Not the Brazilian: whether a file is in public/ is remembered per path, and another test read the Brazilian's.
  it("the menu's row thumbnail is the upload's 160 px file, ahead of a photo in public/", () => {
    const file = path.join(process.cwd(), 'public', LEGS.lg);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'jpeg');
    try {
      expect(serviceListRow(LEGS)[10]?.src).toContain('/_next/image/');
      withPhotos([[LEGS.id, PHOTO_ID]]);
      expect(serviceListRow(LEGS)[10]).toEqual({ src: `/media/${PHOTO_ID}/160.webp` });
      expect(serviceImageSrc(LEGS)).toBe(`/media/${PHOTO_ID}/1024.webp`);
    } finally {
      rmSync(file);
    }
  });

  it("the home page's hero: the owner's photo, full width, eager and fetched first, under a veil; else the illustration, in the HTML", () => {
    expect(img(renderToStaticMarkup(<HeroImage />)).src).toMatch(/^data:image\/svg\+xml,%3Csvg .*%3ClinearGradient id=%27g%27/);
    withPhotos([['hero', PHOTO_ID]]);
    const html = renderToStaticMarkup(<HeroImage />);
    expect(img(html)).toMatchObject({ src: `/media/${PHOTO_ID}/1200.webp`, sizes: '100vw', loading: 'eager', fetchPriority: 'high', width: '1200', height: '1600' });
    expect(html).toContain('aria-hidden="true"');
  });
});
