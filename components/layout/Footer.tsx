'use client';

import { ScrollToTop } from './ScrollToTop';
import { FooterColumns } from './FooterColumns';
import { SITE_NAME } from '@/lib/site';

const SOCIAL = [
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
  },
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
  },
  {
    name: 'TikTok',
    href: 'https://www.tiktok.com/',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
  },
];

/**
 * The footer. A client component with no props but the skip link id: its links travel in the shared JavaScript once
 * (cached) instead of in every page's payload as rendered markup. `skipLinkId`: where Back to top moves focus.
 */
export function Footer({ skipLinkId }: { skipLinkId: string }) {
  return (
    <footer className="site-foot">
      <FooterColumns />
      <div className="foot-bar">
        <ul aria-label="Social media">
          {SOCIAL.map((item) => (
            <li key={item.name}>
              <a href={item.href} rel="noopener noreferrer" target="_blank">
                <span aria-hidden="true" className={`icon i-${item.name.toLowerCase()}`} />
                <span className="sr-only">{`${SITE_NAME} on ${item.name} (opens in a new tab)`}</span>
              </a>
            </li>
          ))}
        </ul>
        <p>{`© ${SITE_NAME}. Four salons in New York City.`}</p>
        <ScrollToTop skipLinkId={skipLinkId} />
      </div>
    </footer>
  );
}
