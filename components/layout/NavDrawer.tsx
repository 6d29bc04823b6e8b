'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MenuIcon } from '@/components/ui/icons';

// Loaded on the first opening: the drawer needs scripts to open anyway, so its links are neither in every page's
// HTML nor in its first-load JavaScript.
const DrawerLinks = lazy(() => import('./DrawerLinks'));

/**
 * The narrow-screen left drawer: a native modal <dialog>, so focus trapping and Escape come from the browser. Its
 * links are rendered when it opens (it needs scripts to open anyway), which keeps them out of every page's HTML.
 */
export function NavDrawer() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  // Read when the drawer opens, not while rendering: a URL hook would keep pages from being prerendered.
  const [returnPath, setReturnPath] = useState('/');
  // Opened once the state says so; the links focus their first control when they are in.
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  const close = () => dialog.current?.close();
  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setReturnPath(window.location.pathname);
          setOpen(true);
        }}
        className="inline-flex h-10 w-10 items-center justify-center rounded text-ink"
      >
        <MenuIcon />
        <span className="sr-only">Open menu</span>
      </button>
      <dialog
        ref={dialog}
        aria-label="Menu"
        className="drawer m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-0 text-ink shadow-xl backdrop:bg-black/40"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === dialog.current) close();
        }}
      >
        {open ? (
          <Suspense fallback={<p className="p-6 text-sm">Loading…</p>}>
            <DrawerLinks returnPath={returnPath} close={close} />
          </Suspense>
        ) : null}
      </dialog>
    </div>
  );
}

