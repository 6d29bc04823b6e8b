'use client';

import { useLayoutEffect, useRef } from 'react';
import DrawerLinks from './DrawerLinks';

/**
 * The narrow-screen left drawer: a native modal <dialog>, so focus trapping and Escape come from the browser. Loaded
 * on the first press of the menu button (NavDrawer), which renders it while the drawer is open: it opens as it mounts,
 * and closing it (Escape, Close menu, a link, a click on the backdrop) tells the button.
 * @public NavDrawer loads it on demand with import(), which the dead-code check does not follow.
 */
export function NavDrawerDialog({ returnPath, onClose }: { returnPath: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Before the links' effect, which moves the focus to their first control once the modal is open.
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      aria-label="Menu"
      className="drawer m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-0 text-ink shadow-xl backdrop:bg-black/40"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
    >
      <DrawerLinks returnPath={returnPath} close={close} />
    </dialog>
  );
}
