'use client';

import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';

/**
 * The submit button of a desk form that posts to a server action: disabled while its post is on its way, so a second
 * tap cannot send it again (a double tap made two news cards, two time-off blocks). Before the scripts load the
 * browser's own form post applies.
 */
export function SubmitButton({ children, className, label, pendingText = 'Saving…' }: { children: ReactNode; className: string; label?: string; pendingText?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={`${className} disabled:cursor-wait disabled:opacity-60`} aria-label={label} disabled={pending} aria-busy={pending || undefined}>
      {pending ? pendingText : children}
    </button>
  );
}
