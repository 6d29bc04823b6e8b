'use client';

import { track } from '@vercel/analytics';
import { useId, useState, type FormEvent } from 'react';
import { useStoreApis } from '@/stores/provider';
import { withProgress } from '@/stores/ui-store';
import { ALREADY_SUBSCRIBED, FAILED_TO_SUBSCRIBE, SUBSCRIBED, SUBSCRIBE_NOTICE_MS, type SubscribeOutcome } from './messages';

/** The request and its answer check (zod) load when the form is sent, not with the home page. */
async function send(email: string, extra: Record<string, string>): Promise<SubscribeOutcome> {
  let code: typeof import('./subscribe');
  try {
    code = await import('./subscribe');
  } catch (error) {
    console.error('Could not load the subscription code', error);
    return 'failed';
  }
  return code.subscribe(email, extra);
}

/** The 'Receive Offers' form: posts {email, createdBy}; the field is cleared whatever the answer. */
export function SubscribeForm() {
  const stores = useStoreApis();
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const website = (form.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
    setBusy(true);
    const outcome = await withProgress(stores.ui, () => send(email.trim(), website ? { website } : {}));
    setBusy(false);
    setEmail('');
    const ui = stores.ui.getState();
    if (outcome === 'subscribed') {
      ui.notify({ variant: 'success', message: SUBSCRIBED, duration: SUBSCRIBE_NOTICE_MS });
      track('subscribe');
    } else if (outcome === 'already') {
      ui.notify({ variant: 'info', message: ALREADY_SUBSCRIBED, duration: SUBSCRIBE_NOTICE_MS });
    } else {
      ui.notify({ variant: 'error', message: FAILED_TO_SUBSCRIBE, duration: SUBSCRIBE_NOTICE_MS });
    }
  }

  return (
    <form className="flex flex-col gap-2 sm:flex-row" aria-label="Receive Offers" onSubmit={onSubmit}>
      <label htmlFor={`${id}-email`} className="sr-only">
        Email
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="{email}"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="rounded border px-3 py-2"
      />
      {/* People never see this field; bots fill it in. */}
      <div hidden>
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" disabled={busy} className="rounded-full bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
        Subscribe
      </button>
    </form>
  );
}
