/** The form's constants and messages (no zod: the home page's first-load script imports this). */
export const SUBSCRIBE_URL = '/api/marketing/createsubscription/';
/** Marks subscriptions made on the website (specification section 7: a constant for the online source). */
export const SUBSCRIPTION_CREATED_BY = 'web';
export const SUBSCRIBE_NOTICE_MS = 3000;
export const SUBSCRIBED = 'Subscribed successfully!';
export const ALREADY_SUBSCRIBED = 'Already been subscribed!';
export const FAILED_TO_SUBSCRIBE = 'Failed to subscribe!';

export type SubscribeOutcome = 'subscribed' | 'already' | 'failed';

/** The page a form sent without scripts lands on: the answer gets a page of its own, which works the same from
 *  any page the form is on (docs/decisions.md, 'Receive Offers without scripts'). */
export const SUBSCRIPTION_RESULT_PATH = '/subscription/';
