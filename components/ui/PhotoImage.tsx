import { photoSrcFor, photoSrcSet, type PhotoRef } from '@/lib/photos/address';
import { EagerImage } from './EagerImage';

/**
 * An owner's photo as a plain responsive <img>: every width it has in srcset (addresses from its id alone, so a
 * prerendered page needs no database read), the box's width and height so nothing moves when it arrives (CSS sets the
 * box, object-cover fills it), lazy unless it is the page's first picture (`priority`: eager, fetched first, its
 * preload in the page's HTML, as StaticImage does).
 */
export function PhotoImage({
  photo,
  width,
  height,
  sizes,
  cssWidth = width,
  priority = false,
  className,
}: {
  photo: PhotoRef;
  width: number;
  height: number;
  sizes: string;
  /** The box's usual width in CSS pixels, for the src of browsers that skip srcset. */
  cssWidth?: number;
  priority?: boolean;
  className?: string;
}) {
  const props = { src: photoSrcFor(photo, cssWidth), srcSet: photoSrcSet(photo), sizes, width, height, decoding: 'async' as const, className };
  if (priority) return <EagerImage {...props} alt="" loading="eager" fetchPriority="high" data-nimg="1" />;
  // eslint-disable-next-line @next/next/no-img-element -- a plain <img>: the photo's files are already made in every width
  return <img {...props} alt="" loading="lazy" />;
}
