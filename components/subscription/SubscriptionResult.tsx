import { ALREADY_SUBSCRIBED, FAILED_TO_SUBSCRIBE, SUBSCRIBED } from './messages';

const MESSAGES: Record<string, string> = { subscribed: SUBSCRIBED, already: ALREADY_SUBSCRIBED, failed: FAILED_TO_SUBSCRIBE };

/** The answer of a subscription sent without scripts (?result=subscribed|already|failed; anything else reads as failed). */
export function SubscriptionResult({ result }: { result?: string }) {
  return (
    <p role="status" className="rounded border border-brand-100 bg-brand-50 px-3 py-2 text-lg">
      {MESSAGES[result ?? ''] ?? FAILED_TO_SUBSCRIBE}
    </p>
  );
}
