'use client';

import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { useContext, useEffect, useRef, type AnchorHTMLAttributes } from 'react';
import { linkClickTarget } from './navigation-target';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  /** false: never prefetched; otherwise the route's static part is prefetched once the link is in view, as next/link's 'auto'. */
  prefetch?: boolean | null;
  replace?: boolean;
  scroll?: boolean;
};

/**
 * A link with next/link's client navigation and its prefetch in view, through the App Router's own router, without
 * next/link's first-load cost (docs/performance.md). A click the browser should handle (another origin, a new tab or
 * window, a download, a modified or middle click, one a handler prevented) is left to it; without a router (a test
 * rendering a component alone) it is a plain link.
 */
export default function Link({ href, prefetch, replace, scroll, onClick, ...rest }: Props) {
  const router = useContext(AppRouterContext);
  const anchor = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = anchor.current;
    if (prefetch === false || !router || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if (new URL(href, window.location.href).origin === window.location.origin) router.prefetch(href);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [href, prefetch, router]);
  return (
    <a
      ref={anchor}
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!router || event.defaultPrevented || !linkClickTarget(event.nativeEvent, new URL(window.location.href))) return;
        event.preventDefault();
        if (replace) router.replace(href, { scroll });
        else router.push(href, { scroll });
      }}
    />
  );
}
