import Link from 'next/link';
import { ScrollToTop } from './ScrollToTop';
import { FOOTER_COLUMNS } from './site-nav';
import { SITE_NAME } from '@/lib/site';

const SOCIAL = [
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm5.5-3.2a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z',
  },
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z',
  },
  {
    name: 'TikTok',
    href: 'https://www.tiktok.com/',
    path: 'M16 2c.3 2.6 1.8 4.2 4.4 4.4v3.3a8 8 0 0 1-4.3-1.3v6.3A6.3 6.3 0 1 1 9.8 8.4v3.4a3 3 0 1 0 2.9 3V2z',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    path: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15V9l5.8 3z',
  },
];

/** `skipLinkId`: where Back to top moves focus, the skip link of the same frame. */
export function Footer({ skipLinkId }: { skipLinkId: string }) {
  return (
    <footer className="mt-16 bg-brand-800 text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={`${column.heading} links`}>
            <h2 className="text-sm font-bold uppercase tracking-wide">{column.heading}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} prefetch={false} className="rounded underline-offset-4 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 border-t border-white/20 px-4 py-6">
        <ul className="flex gap-3" aria-label="Social media">
          {SOCIAL.map((item) => (
            <li key={item.name}>
              <a href={item.href} rel="noopener noreferrer" target="_blank" className="block rounded-full p-2 hover:bg-white/10">
                <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
                  <path d={item.path} />
                </svg>
                <span className="sr-only">{SITE_NAME} on {item.name} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="text-sm">© {SITE_NAME}. Four salons in New York City.</p>
        <ScrollToTop skipLinkId={skipLinkId} />
      </div>
    </footer>
  );
}
