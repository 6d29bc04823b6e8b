import Link from 'next/link';
import { NavDrawer } from './NavDrawer';
import { MAIN_LINKS, TIPS_LINKS } from './site-nav';
import { SALON_PHONE, SALON_PHONE_DISPLAY, SITE_NAME } from '@/lib/site';
import { HeaderActionsClient } from '@/components/ui/HeaderActionsClient';

function PhoneIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link href="/" className="flex shrink-0 items-center gap-2 rounded font-bold text-brand-700">
      <svg aria-hidden="true" viewBox="0 0 32 32" width="32" height="32">
        <circle cx="16" cy="16" r="15" fill="#84203c" />
        <path d="M10 22V10h6.5a3.5 3.5 0 0 1 0 7H10m6.5 0a3 3 0 0 1 0 5H10" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
      </svg>
      <span className="sr-only text-lg leading-tight sm:not-sr-only">{SITE_NAME}</span>
    </Link>
  );
}

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-brand-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-2 py-2 sm:gap-3 sm:px-4 sm:py-3">
        <NavDrawer mainLinks={MAIN_LINKS} tipsLinks={TIPS_LINKS} />
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex gap-5 text-sm font-semibold">
            {MAIN_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="rounded px-1 py-2 text-ink hover:text-brand-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center sm:gap-2">
          <a href={`tel:${SALON_PHONE}`} className="flex h-10 min-w-10 shrink-0 items-center justify-center gap-1 rounded-full text-sm font-semibold text-brand-700 lg:px-2">
            <PhoneIcon />
            <span className="hidden lg:inline">{SALON_PHONE_DISPLAY}</span>
            <span className="sr-only lg:hidden">Call us at {SALON_PHONE_DISPLAY}</span>
          </a>
          <HeaderActionsClient />
        </div>
      </div>
    </header>
  );
}
