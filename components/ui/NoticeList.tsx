'use client';

// The snackbar's notices, loaded once the page is idle (components/ui/Snackbar.tsx), not with the page.

import { useEffect } from 'react';
import { useStoreApis, useUiStore } from '@/stores/provider';
import type { Notice, NoticeVariant } from '@/stores/ui-store';
import { CloseIcon } from './icons';

const STYLES: Record<NoticeVariant, string> = {
  success: 'bg-green-800 text-white',
  warning: 'bg-amber-300 text-ink',
  error: 'bg-red-800 text-white',
  info: 'bg-slate-800 text-white',
};
const LABELS: Record<NoticeVariant, string> = { success: 'Success', warning: 'Warning', error: 'Error', info: 'Info' };

function NoticeItem({ notice }: { notice: Notice }) {
  const stores = useStoreApis();
  useEffect(() => {
    if (notice.duration <= 0) return;
    const timer = window.setTimeout(() => stores.ui.getState().dismiss(notice.id), notice.duration);
    return () => window.clearTimeout(timer);
  }, [notice, stores]);
  // The live-region role sits inside the <li>: a list may hold only list items (axe 'list').
  return (
    <li className="pointer-events-auto">
      <div
        role={notice.variant === 'error' || notice.variant === 'warning' ? 'alert' : 'status'}
        data-variant={notice.variant}
        className={`flex items-center gap-3 rounded-lg px-4 py-3 text-sm font-semibold shadow-lg ${STYLES[notice.variant]}`}
      >
        <span className="sr-only">{LABELS[notice.variant]}: </span>
        <span className="flex-1">{notice.message}</span>
        {notice.action ? (
          <button
            type="button"
            onClick={() => {
              const { onAction } = notice.action!;
              stores.ui.getState().dismiss(notice.id);
              onAction();
            }}
            className="shrink-0 rounded border border-current px-2 py-1 underline hover:bg-black/10"
          >
            {notice.action.label}
          </button>
        ) : null}
        <button type="button" aria-label="Close" onClick={() => stores.ui.getState().dismiss(notice.id)} className="rounded p-1 hover:bg-black/10">
          <CloseIcon />
        </button>
      </div>
    </li>
  );
}

/**
 * The notices: success, warning, error and info, each closing itself after its time or by its button; a notice with
 * an action ('Undo') stays until closed or acted on. An open drawer renders them inside its dialog, where a modal keeps
 * them audible.
 */
export function NoticeList() {
  const notices = useUiStore((state) => state.notices);
  return (
    // A named region, so the notices are inside a landmark like the rest of the page.
    <section aria-label="Notifications" className="notice-list pointer-events-none fixed inset-x-0 bottom-4 z-50 mx-auto w-full max-w-md px-4">
      <ul className="flex flex-col gap-2">
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </ul>
    </section>
  );
}
