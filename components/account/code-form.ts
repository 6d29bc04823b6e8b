/** Shared by the sign-in-by-code form, its server action and the /signin/ page (no server code here). */
export const CODE_FORM = 'signin-code';

/** The /signin/ page showing the code form, with the return path carried along. */
export function codePagePath(returnPath: string): string {
  const query = new URLSearchParams({ method: 'code' });
  if (returnPath !== '/') query.set('url', returnPath);
  return `/signin/?${query}`;
}
