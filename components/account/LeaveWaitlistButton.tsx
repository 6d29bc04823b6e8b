'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { NETWORK_FAILURE_MESSAGE } from '@/components/booking/messages';
import { useStoreApis } from '@/stores/provider';

/** Leaves one waitlist entry (DELETE /api/waitlist/{id}/) and draws the list again. */
export function LeaveWaitlistButton({ entryId, label }: { entryId: string; label: string }) {
  const router = useRouter();
  const stores = useStoreApis();
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  async function leave() {
    setState({ kind: 'sending' });
    try {
      const response = await fetch(`/api/waitlist/${entryId}/`, { method: 'DELETE', headers: { accept: 'application/json' } });
      // 404: already left (another tab); the list is drawn again either way.
      if (response.ok || response.status === 404) {
        stores.ui.getState().notify({ variant: 'success', message: `You left the waitlist for ${label}.`, duration: 5000 });
        router.refresh();
        return;
      }
      const answer = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
      const said = typeof answer?.error?.message === 'string' ? answer.error.message : `The waitlist could not be left (error ${response.status}).`;
      setState({ kind: 'error', message: `${said} Please try again.` });
    } catch {
      setState({ kind: 'error', message: NETWORK_FAILURE_MESSAGE });
    }
  }

  return (
    <div className="mt-2 flex flex-col gap-2">
      <button
        type="button"
        onClick={() => void leave()}
        disabled={state.kind === 'sending'}
        aria-label={`Leave the waitlist for ${label}`}
        className="min-h-11 self-start rounded-lg border border-red-800 px-4 py-2 font-semibold text-red-800 disabled:opacity-70"
      >
        {state.kind === 'sending' ? 'Leaving…' : 'Leave the waitlist'}
      </button>
      {state.kind === 'error' ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
