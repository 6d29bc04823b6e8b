import { getImageProps, type ImageProps } from 'next/image';
import { inlineIllustration } from '@/lib/content/images';
import { EagerImage } from './EagerImage';

/**
 * next/image's markup (srcset, sizes, lazy loading, optimised URLs) rendered on the server as a plain <img>:
 * <Image> is a client component, and its code (about 5 KB gzip) would be first-load JavaScript of every catalogue
 * page for pictures that need none. `priority` loads the picture eagerly, with its preload in the page's HTML
 * (EagerImage: not in the payload that prefetches carry to other pages). A priority illustration is written into the
 * HTML as a data URI instead (inlineIllustration): no request stands between it and the first paint.
 */
export function StaticImage({ priority = false, ...rest }: Omit<ImageProps, 'priority' | 'preload' | 'onLoad' | 'onError' | 'placeholder'> & { priority?: boolean }) {
  const { props } = getImageProps({ ...rest, priority });
  const nimg = rest.fill ? 'fill' : '1';
  const inline = priority && typeof rest.src === 'string' ? inlineIllustration(rest.src) : undefined;
  // eslint-disable-next-line @next/next/no-img-element -- the markup of next/image, without its client code
  if (inline) return <img {...props} src={inline} alt={props.alt} fetchPriority={undefined} decoding="sync" data-nimg={nimg} />;
  if (priority) return <EagerImage {...props} alt={props.alt} fetchPriority="high" data-nimg={nimg} />;
  // eslint-disable-next-line @next/next/no-img-element -- the markup of next/image, without its client code
  return <img {...props} alt={props.alt} data-nimg={nimg} />;
}
