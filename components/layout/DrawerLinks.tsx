'use client';

import Link from '@/components/ui/AppLink';
import { useEffect, useRef } from 'react';
import { useSignOut } from '@/components/account/use-sign-out';
import { useAuthStore, useSavedStateLoaded } from '@/stores/provider';
import { MAIN_LINKS } from './SiteLinks';
import { TIPS_LINKS } from './site-nav';

const drawerLink = 'rounded px-3 py-2 font-semibold hover:bg-brand-50';

/**
 * The phone drawer's links, loaded with the drawer on its first opening (NavDrawerDialog). The account part is rendered for both states; the first-paint marks on <html> pick one (app/globals.css) until the
 * saved state is in.
 */
export default function DrawerLinks({ returnPath, close }: { returnPath: string; close: () => void }) {
  const loaded = useSavedStateLoaded();
  const name = useAuthStore((state) => state.profile.name || state.profile.email);
  const signOut = useSignOut();
  const firstControl = useRef<HTMLButtonElement>(null);
  // The modal has just opened (NavDrawerDialog's layout effect): the focus moves to the first control.
  useEffect(() => firstControl.current?.focus(), []);
  return (
    <nav aria-label="Menu" className="flex flex-col gap-1 p-4">
      <button ref={firstControl} type="button" onClick={close} className="mb-2 self-end rounded px-3 py-2 text-sm font-semibold text-brand-700">
        Close menu
      </button>
      <div className="signed-in mb-2 flex flex-col gap-1 border-b border-brand-100 pb-3">
        <p className="truncate px-3 text-sm text-gray-700">
          Signed in as <span className="marked-name font-semibold text-ink">{loaded ? name : null}</span>
        </p>
        <Link href="/account/" prefetch={false} onClick={close} className={`${drawerLink} text-brand-700`}>
          Your account and appointments
        </Link>
        <button
          type="button"
          onClick={() => {
            close();
            void signOut();
          }}
          className={`${drawerLink} text-left text-brand-700 underline`}
        >
          Sign out
        </button>
      </div>
      <div className="signed-out mb-2 flex flex-col gap-1 border-b border-brand-100 pb-3">
        <Link href={`/signin/?url=${encodeURIComponent(returnPath)}`} prefetch={false} onClick={close} className={`${drawerLink} text-brand-700`}>
          Sign In
        </Link>
        <Link href="/signup/" prefetch={false} onClick={close} className={drawerLink}>
          Create an account
        </Link>
      </div>
      {MAIN_LINKS.map((link) => (
        <Link key={link.href} href={link.href} onClick={close} className={drawerLink}>
          {link.label}
        </Link>
      ))}
      <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wide text-gray-700">Tips</p>
      <ul>
        {TIPS_LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} onClick={close} className="block rounded px-3 py-2 text-sm hover:bg-brand-50">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
