'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { useSignOut } from '@/components/account/use-sign-out';
import { useAuthStore, useSavedStateLoaded } from '@/stores/provider';

interface NavLink {
  readonly href: string;
  readonly label: string;
}

const drawerLink = 'rounded px-3 py-2 font-semibold hover:bg-brand-50';

/**
 * The narrow-screen left drawer: a native modal <dialog>, so focus trapping and Escape come from the browser. Its
 * account part is in the markup for both states; the first-paint marks on <html> pick one (app/globals.css).
 */
export function NavDrawer({ mainLinks, tipsLinks }: { mainLinks: readonly NavLink[]; tipsLinks: readonly NavLink[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const loaded = useSavedStateLoaded();
  const name = useAuthStore((state) => state.profile.name || state.profile.email);
  const signOut = useSignOut();
  // Read when the drawer opens, not while rendering: a URL hook would keep pages from being prerendered.
  const [returnPath, setReturnPath] = useState('/');
  const close = () => dialog.current?.close();
  const open = () => {
    setReturnPath(window.location.pathname);
    dialog.current?.showModal();
  };
  const signInHref = `/signin/?url=${encodeURIComponent(returnPath)}`;
  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={open}
        className="inline-flex h-10 w-10 items-center justify-center rounded text-ink"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 6h18M3 12h18M3 18h18" />
        </svg>
        <span className="sr-only">Open menu</span>
      </button>
      <dialog
        ref={dialog}
        aria-label="Menu"
        className="drawer m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-0 text-ink shadow-xl backdrop:bg-black/40"
        onClick={(event) => {
          if (event.target === dialog.current) close();
        }}
      >
        <nav aria-label="Menu" className="flex flex-col gap-1 p-4">
          <button type="button" onClick={close} className="mb-2 self-end rounded px-3 py-2 text-sm font-semibold text-brand-700">
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
            <Link href={signInHref} prefetch={false} onClick={close} className={`${drawerLink} text-brand-700`}>
              Sign In
            </Link>
            <Link href="/signup/" prefetch={false} onClick={close} className={drawerLink}>
              Create an account
            </Link>
          </div>
          {mainLinks.map((link) => (
            <Link key={link.href} href={link.href} onClick={close} className={drawerLink}>
              {link.label}
            </Link>
          ))}
          <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wide text-gray-700">Tips</p>
          <ul>
            {tipsLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} onClick={close} className="block rounded px-3 py-2 text-sm hover:bg-brand-50">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </dialog>
    </div>
  );
}
