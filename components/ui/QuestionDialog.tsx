'use client';

// Loaded with the first question (components/ui/Questions.tsx), not with the page.

import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { useStoreApis, useUiStore } from '@/stores/provider';
import type { Question } from '@/stores/ui-store';

/**
 * The open question (stores/ui-store.ts) as a modal alert dialog: the focus moves into it, on the answer that keeps
 * things as they are, stays inside while it is open, and goes back to the control that had it (the button that asked)
 * when it closes. Escape and a tap outside keep things as they are too.
 */
export default function QuestionDialog() {
  const stores = useStoreApis();
  const question = useUiStore((state) => state.question);
  // The last question stays readable while the dialog closes.
  const [current, setCurrent] = useState<Question | null>(question);
  if (question && question !== current) setCurrent(question);
  const opener = useRef<HTMLElement | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  if (!current) return null;
  return (
    <Dialog.Root open={question !== null} onOpenChange={(open) => (open ? undefined : stores.ui.getState().answer(false))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/40" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
            event.preventDefault();
            keep.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected ? opener.current : null;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed left-1/2 top-1/2 z-[60] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold">{current.title}</Dialog.Title>
          <Dialog.Description className="mt-2">{current.message}</Dialog.Description>
          <div className="mt-5 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => stores.ui.getState().answer(true)}
              className="min-h-11 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
            >
              {current.confirmLabel}
            </button>
            <button
              ref={keep}
              type="button"
              onClick={() => stores.ui.getState().answer(false)}
              className="min-h-11 rounded-full border border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {current.cancelLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
