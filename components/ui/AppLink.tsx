'use client';

import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { useContext, useEffect, useRef, type AnchorHTMLAttributes } from 'react';
import { linkClickTarget } from './navigation-target';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  /**
   * false: never prefetched; otherwise the route's static part is prefetched once the link is in view, as next/link's
   * 'auto', except a desk page's (DESK_PAGES).
   */
  prefetch?: boolean | null;
  replace?: boolean;
  scroll?: boolean;
};

/**
 * The front desk's pages, never prefetched: rendered per request behind the middleware's session gate, their layout
 * waits for the session at its root, so a prefetch brings nothing of them and costs the gate's database read for
 * each link in view. Most desk links say prefetch={false}; this keeps the few that did not (the booking page's head,
 * the desk's booking confirmation, a missing record's ways on) and any new one from asking.
 */
const DESK_PAGES = /^\/desk(\/|$)/;

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
      const target = new URL(href, window.location.href);
      if (target.origin === window.location.origin && !DESK_PAGES.test(target.pathname)) router.prefetch(href);
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
