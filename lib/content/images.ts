import { existsSync } from 'node:fs';
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
