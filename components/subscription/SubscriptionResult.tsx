import { ALREADY_SUBSCRIBED, FAILED_TO_SUBSCRIBE, SUBSCRIBED } from './messages';

const MESSAGES: Record<string, string> = { subscribed: SUBSCRIBED, already: ALREADY_SUBSCRIBED, failed: FAILED_TO_SUBSCRIBE };

/** Opened without an answer to show (a bookmark, a typed address): what the page is for, not a failure. */
export const NO_SUBSCRIPTION_YET = 'Enter your e-mail address under Receive Offers on the home page to hear about our specials.';

/**
 * The answer of a subscription sent without scripts (?result=subscribed|already|failed; anything else reads as
 * failed); with no result at all, how to subscribe.
 */
export function SubscriptionResult({ result }: { result?: string }) {
  if (result === undefined) {
    return <p className="text-lg">{NO_SUBSCRIPTION_YET}</p>;
  }
  return (
    <p role="status" className="rounded border border-brand-100 bg-brand-50 px-3 py-2 text-lg">
      {MESSAGES[result ?? ''] ?? FAILED_TO_SUBSCRIBE}
    </p>
  );
}
