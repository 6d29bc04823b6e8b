import { NO_SCRIPT_FIELD } from '@/components/forms/form-state';
import { safeReturnPath } from '@/lib/auth/schemas';
import { SIGNED_IN_PAGE } from './account-state';

export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The same-site ?url= return path of an account page's query ('/' when missing, repeated or foreign). Read by the
 * page on the server and handed to its form, whose hidden field carries it: a form posted without scripts has no
 * window.location to read it from.
 */
export function returnPathOf(query: SearchParams): string {
  return safeReturnPath(typeof query.url === 'string' ? query.url : undefined);
}

/** `path` with the ?url= return path carried along, for links between the account pages. */
export function withReturn(path: string, returnPath: string): string {
  return returnPath === '/' ? path : `${path}?url=${encodeURIComponent(returnPath)}`;
}

/** Where a sign-in posted by a browser without scripts goes: the signed-in page, with the return path; else the path. */
export function afterSignInWithoutScripts(returnPath: string, data: FormData): string {
  return data.get(NO_SCRIPT_FIELD) === '1' ? withReturn(SIGNED_IN_PAGE, returnPath) : returnPath;
}
