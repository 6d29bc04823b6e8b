import { ApiError } from './errors';
import { assertSameOrigin } from './origin';

/**
 * The answers of a plain form post outside the API (a form that works before the scripts run: Book again, the cart
 * page's Remove and CHECK OUT): a 303 on to a page, or a sentence the browser shows as it is.
 */

export function seeOther(location: string, cookie?: string): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  if (cookie) headers.set('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

export function plainSentence(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

/**
 * Runs a plain form post from this site only: another origin's is refused (403), an ApiError is its sentence, and
 * any other failure is `failed`'s answer (logged there), never a bare 500 page.
 */
export async function plainFormPost(request: Request, run: () => Promise<Response>, failed: (error: unknown) => Response): Promise<Response> {
  try {
    assertSameOrigin(request);
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return plainSentence(error.status, error.message);
    return failed(error);
  }
}
