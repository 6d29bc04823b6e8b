import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import { BookingBar } from '@/components/cart/BookingBar';

/**
 * Which frame this is. Next.js keeps a page it navigated away from in the document, hidden, so after a move between
 * a catalogue page and a personal one (booking, shop, account) two frames can be present: each has its own skip link
 * and main landmark ids, so a skip link never points at the hidden one.
 */
export type FrameName = 'site' | 'personal' | 'desk';

/** The skip link, the header, the page's main landmark and the footer, around every page; the booking bar on the site's pages. */
export function SiteFrame({ frame, children }: { frame: FrameName; children: ReactNode }) {
  const mainId = `main-${frame}`;
  const skipLinkId = `skip-link-${frame}`;
  return (
    <>
      {/*
        The header's controls sit at its end (ml-auto), so the phone link's place depends on every control after it. A
        browser paints what it has parsed whenever its parser waits (a slow network, a busy phone), and a paint between
        the phone link and the cart buttons drew the link 80 px right of where it then moved (issue 32, item 17). This
        holds the first paint until <main> begins, that is until the header is whole (React puts it in <head>).
      */}
      <link rel="expect" href={`#${mainId}`} blocking="render" />
      <a id={skipLinkId} href={`#${mainId}`} className="skip-link">
        Skip to main content
      </a>
      <Header search={frame === 'site'} />
      <main id={mainId} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer skipLinkId={skipLinkId} />
      {frame === 'site' ? <BookingBar /> : null}
    </>
  );
}
