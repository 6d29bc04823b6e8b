import { getImageProps, type ImageProps } from 'next/image';

/**
 * next/image's markup (srcset, sizes, lazy loading, optimised URLs) rendered on the server as a plain <img>:
 * <Image> is a client component, and its code (about 5 KB gzip) would be first-load JavaScript of every catalogue
 * page for pictures that need none. `priority` loads the picture eagerly; React itself adds the preload hint of an
 * eager <img> to the HTML and to the page's payload, as <Image>'s own preload would.
 */
export function StaticImage({ priority = false, ...rest }: Omit<ImageProps, 'priority' | 'preload' | 'onLoad' | 'onError' | 'placeholder'> & { priority?: boolean }) {
  const { props } = getImageProps({ ...rest, priority });
  // eslint-disable-next-line @next/next/no-img-element -- the markup of next/image, without its client code
  return <img {...props} alt={props.alt} data-nimg={rest.fill ? 'fill' : '1'} />;
}
