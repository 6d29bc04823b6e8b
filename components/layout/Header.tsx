import Link from 'next/link';
import { NavDrawer } from './NavDrawer';
import { MainLinks } from './SiteLinks';
import { SALON_PHONE, SALON_PHONE_DISPLAY, SITE_NAME } from '@/lib/site';
import { HeaderActionsClient } from '@/components/ui/HeaderActionsClient';
import { PhoneIcon } from '@/components/ui/icons';

export function Logo() {
  return (
    <Link href="/" className="flex shrink-0 items-center gap-2 rounded font-bold text-brand-700">
      <span aria-hidden="true" className="logo-mark" />
      <span className="sr-only text-lg leading-tight sm:not-sr-only">{SITE_NAME}</span>
    </Link>
  );
}

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-brand-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-2 py-2 sm:gap-3 sm:px-4 sm:py-3">
        <NavDrawer />
        <Logo />
        <MainLinks className="ml-6 hidden md:block" />
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
