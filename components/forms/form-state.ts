/**
 * The state of a progressively enhanced form (a server action with useActionState), shared by the actions and the
 * components. No server code here: the client islands import it.
 */
export interface FormState<D = undefined> {
  outcome: 'idle' | 'ok' | 'error';
  /** The form-level message: an error (role=alert) or, on success, what happens next (role=status). */
  message?: string;
  /** The API's error code, for answers a form treats apart (a used link, an existing account). */
  code?: string;
  /** Field name -> message, as the JSON API answers them. */
  fields: Record<string, string>;
  /** Values to put back into the fields after a full-page answer (never a password). */
  values: Record<string, string>;
  data?: D;
}

/**
 * Set by the page's scripts when they send the form (use-enhanced-form.ts). Without it the form was posted by the
 * browser itself (before the scripts ran, or without them): the action then answers with a redirect (303) where the
 * scripts would navigate.
 */
export const ENHANCED_FIELD = 'enhanced';

/**
 * Sent only by a browser that runs no scripts at all: the form carries it inside a <noscript>, whose content is
 * markup only then (a page whose scripts have not loaded yet parses it as text). A sign-in posted this way lands on
 * a page rendered for the person that says they are signed in, since the catalogue pages, one file for everybody,
 * show it only through a script.
 */
export const NO_SCRIPT_FIELD = 'noscript';

export const idleState = <D = undefined>(values: Record<string, string> = {}): FormState<D> => ({ outcome: 'idle', fields: {}, values });

export const NETWORK_FAILED = 'We could not reach the salon. Check your connection and try again.';
