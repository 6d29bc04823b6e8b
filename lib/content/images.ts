import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PUBLIC_DIR = path.join(process.cwd(), 'public');
const known = new Map<string, boolean>();

function shipped(publicPath: string): boolean {
  let found = known.get(publicPath);
  if (found === undefined) {
    found = publicPath.startsWith('/images/') && !publicPath.includes('..') && existsSync(path.join(PUBLIC_DIR, publicPath));
    known.set(publicPath, found);
  }
  return found;
}

/** Category illustrations shipped in public/images/illustrations/, one per tab name plus packages and bundles. */
export function illustrationPath(category: string): string {
  return `/images/illustrations/${category}.svg`;
}

const inlined = new Map<string, string | undefined>();

/**
 * A shipped illustration (an SVG of a few hundred bytes) as a data URI, for the first picture of a page: it is in the
 * HTML, so the picture paints with the text instead of after a request of its own (issue 38: specials' largest
 * paint was its first card's illustration, waiting for that request). Undefined for anything else. Read at build time.
 */
export function inlineIllustration(src: string): string | undefined {
  if (!inlined.has(src)) {
    const svg = /^\/images\/illustrations\/[a-z-]+\.svg$/.test(src) && shipped(src) ? readFileSync(path.join(PUBLIC_DIR, src), 'utf8') : undefined;
    // Quotes and the few characters a URL may not carry escaped (React would write a quote as &#x27;).
    inlined.set(src, svg && `data:image/svg+xml,${svg.trim().replace(/\s+/g, ' ').replace(/"/g, "'").replace(/[%#<>']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
  }
  return inlined.get(src);
}

/**
 * The image of a catalogue entry: its photo at the specification's path (/images/services/{category}/{women|men}/
 * {moniker}.jpg) when the project ships one, otherwise the light illustration of its category. Read at build time.
 */
export function catalogImage(lg: string, category: string): { src: string; isPhoto: boolean } {
  return shipped(lg) ? { src: lg, isPhoto: true } : { src: illustrationPath(category), isPhoto: false };
}

/** The salon's photo of a catalogue entry, when one is in public/ at its path; undefined otherwise. */
export function catalogPhoto(lg: string): string | undefined {
  return shipped(lg) ? lg : undefined;
}

/** The category illustrations a news card can take, longest name first ('laser-tattoo-removal' before 'laser'). */
const NEWS_ILLUSTRATIONS = ['laser-tattoo-removal', 'laser-patch-test', 'hair-ingrown-care', 'bodycare-massage', 'brow-touch', 'skin-care', 'sugaring', 'laser', 'wax'];

/**
 * The illustration of a news card without a photo: the category its link names ('/specials/women/laser/' laser,
 * '/brow-touch-tips/' brow-touch), or the packages' gift box for any other link.
 */
export function newsIllustration(link: string): string {
  const path = link.startsWith('/') ? link.split(/[?#]/)[0]! : '';
  return NEWS_ILLUSTRATIONS.find((category) => path.includes(category)) ?? 'packages';
}
