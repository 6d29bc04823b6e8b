import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

/**
 * next/image's markup (srcset, sizes, lazy loading, optimised URLs) rendered on the server as a plain <img>:
 * <Image> is a client component, and its code (about 5 KB gzip) would be first-load JavaScript of every catalogue
 * page for pictures that need none. `priority` preloads the picture, as <Image> does.
 */
export function StaticImage({ priority = false, ...rest }: Omit<ImageProps, 'priority' | 'preload' | 'onLoad' | 'onError' | 'placeholder'> & { priority?: boolean }) {
  const { props } = getImageProps({ ...rest, priority });
  if (priority && typeof props.src === 'string') {
    preload(props.src, { as: 'image', imageSrcSet: props.srcSet, imageSizes: props.sizes });
  }
  // eslint-disable-next-line @next/next/no-img-element -- the markup of next/image, without its client code
  return <img {...props} alt={props.alt} data-nimg={rest.fill ? 'fill' : '1'} />;
}
