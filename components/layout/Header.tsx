'use client';

import Link from '@/components/ui/AppLink';
import { NavDrawer } from './NavDrawer';
import { MainLinks } from './SiteLinks';
import { SALON_PHONE, SALON_PHONE_DISPLAY, SITE_NAME } from '@/lib/site';
import { HeaderActionsClient } from '@/components/ui/HeaderActionsClient';
import { HeaderSearch } from './HeaderSearch';
import { PhoneIcon } from '@/components/ui/icons';

function Logo() {
  return (
    <Link href="/" className="logo">
      <span aria-hidden="true" className="logo-mark" />
      <span className="logo-name">{SITE_NAME}</span>
    </Link>
  );
}

/**
 * The header of every page but the 404 document's. A client component: drawn on the server it came a second time in
 * each page's payload as elements (about 1.7 KB, 230 bytes of a menu's gzip); as one its code comes once, cached.
 * `search`: the catalogue search's magnifier (the site's pages; not the desk's).
 */
export function Header({ search = false }: { search?: boolean } = {}) {
  return (
    <header className="site-head">
      <div>
        <NavDrawer />
        <Logo />
        <MainLinks className="ml-6 hidden md:block" />
        <div className="ml-auto flex items-center sm:gap-2">
          {search ? <HeaderSearch /> : null}
          <a href={`tel:${SALON_PHONE}`} className="tel-link">
            <PhoneIcon />
            <span className="hidden xl:inline">{SALON_PHONE_DISPLAY}</span>
            <span className="sr-only xl:hidden">{`Call us at ${SALON_PHONE_DISPLAY}`}</span>
          </a>
          <HeaderActionsClient />
        </div>
      </div>
    </header>
  );
}
