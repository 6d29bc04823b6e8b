/** The shapes the account forms' actions return (no server code: the forms import this). */
export interface Profile {
  id: string;
  name: string;
  email: string;
}

/** A sign-in's answer to the page's scripts: who is signed in, and where to go. */
export interface SignedIn {
  profile: Profile;
  returnPath: string;
}

/** Where a sign-in without scripts lands: rendered per request, it says who is signed in and leads on. */
export const SIGNED_IN_PAGE = '/signedin/';

/** The account's details page, where each of its forms' answers comes back to without scripts. */
export const DETAILS_PAGE = '/account/details/';
/** Where closing the account leads: the session has ended, so not back to the details page. */
export const ACCOUNT_CLOSED_PAGE = '/account/closed/';
/** The closed page's heading, the fragment of the redirect that leads there without scripts. */
export const ACCOUNT_CLOSED_HEADING = 'account-closed';

/** A change sent after the session ended (signed out in another tab, a new password elsewhere, expired). */
export const SIGNED_OUT_MESSAGE = 'You are signed out (in another tab, or your session ended), so nothing was changed.';
