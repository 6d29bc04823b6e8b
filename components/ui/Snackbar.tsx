'use client';

import { useEffect, useState } from 'react';
import { loadOnce } from '@/lib/client/load-once';
import { useUiStore } from '@/stores/provider';

type NoticeListModule = typeof import('./NoticeList');

const noticeListModule = loadOnce<NoticeListModule>(() => import('./NoticeList'));

/** The notices' module (NoticeList.tsx): not in the page's first load; loaded once, and again after a failure. */
export function loadNoticeList(): Promise<NoticeListModule> {
  return noticeListModule.load();
}

/**
 * The snackbar (the notices themselves are in NoticeList.tsx). Their code loads once the page is idle, or at once
 * when a notice comes first; a notice shows as soon as it is in. While a drawer is open the page behind it is hidden
 * from assistive technology, so the drawer shows them instead.
 */
export function Snackbar() {
  const drawerOpen = useUiStore((state) => state.drawers.shop || state.drawers.booking);
  const waiting = useUiStore((state) => state.notices.length > 0);
  const [, setLoaded] = useState(noticeListModule.loaded() !== undefined);

  useEffect(() => {
    if (noticeListModule.loaded()) return;
    let current = true;
    const load = () =>
      loadNoticeList().then(
        () => {
          if (current) setLoaded(true);
        },
        (error: unknown) => console.error('Could not load the notices', error),
      );
    if (waiting) {
      void load();
    } else if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(() => void load(), { timeout: 3_000 });
      return () => {
        current = false;
        cancelIdleCallback(id);
      };
    } else {
      const id = setTimeout(() => void load(), 200);
      return () => {
        current = false;
        clearTimeout(id);
      };
    }
    return () => {
      current = false;
    };
  }, [waiting]);

  const noticeList = noticeListModule.loaded();
  if (drawerOpen || !noticeList) return null;
  const { NoticeList } = noticeList;
  return <NoticeList />;
}
