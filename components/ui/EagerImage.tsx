'use client';

import type { ImgHTMLAttributes } from 'react';

/**
 * An eager picture (StaticImage's `priority`), drawn on the client side of the boundary: React puts its preload in the
 * HTML of the page that shows it, but not in the page's payload, which a prefetch from any other page would apply
 * there too (a download for nothing, and the browser's "preloaded but not used" warning).
 */
export function EagerImage({ alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string; 'data-nimg': string }) {
  // eslint-disable-next-line @next/next/no-img-element -- next/image's markup, worked out on the server
  return <img alt={alt} {...props} />;
}
