import 'server-only';
import { cookies, headers } from 'next/headers';
import { CLIENT_ADDRESS_HEADER } from '@/lib/api/client-address';
import { parseSetCookie } from '@/lib/api/cookies';
import { apiHandler } from '@/lib/api/handler';
import { env } from '@/lib/env';

/** What a route handler answered a form's server action: status, parsed JSON body (if any) and headers. */
export interface HandlerAnswer {
  ok: boolean;
  status: number;
  body: unknown;
  headers: Headers;
}

export type RouteHandler = (request: Request) => Promise<Response>;

/** The incoming request's headers a handler reads: the session cookie, the client address of the rate limits. */
const COPIED_HEADERS = ['cookie', 'user-agent', 'accept-language', CLIENT_ADDRESS_HEADER];

/**
 * Calls a route handler of the JSON API from a form's server action, as the browser's fetch would: a JSON POST to
 * `path` on SITE_URL with this site's Origin, and the incoming request's cookie, user agent and client address. So
 * the form meets the same Origin check, proxy mode (SALON_API_URL), rate limits, validation and answers as the API.
 * The cookies the handler sets (a sign-in's session) are set on the action's own answer. The handler runs inside
 * apiHandler, as its route does, so what it throws (a 422 for a bad field) comes back as the API's JSON error, not as
 * a failed action; a handler its route exports already wrapped only meets the same checks twice.
 */
export async function callHandler(handler: RouteHandler, path: string, body: Record<string, unknown>): Promise<HandlerAnswer> {
  const incoming = await headers();
  const site = env().SITE_URL;
  const forwarded = new Headers({ 'content-type': 'application/json', origin: new URL(site).origin });
  for (const name of COPIED_HEADERS) {
    const value = incoming.get(name);
    if (value !== null) forwarded.set(name, value);
  }
  const request = new Request(new URL(path, site), { method: 'POST', headers: forwarded, body: JSON.stringify(body) });
  const response = await apiHandler((forwardedRequest) => handler(forwardedRequest))(request);
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0) {
    const jar = await cookies();
    for (const line of setCookies) {
      const cookie = parseSetCookie(line);
      if (cookie) jar.set(cookie);
    }
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { ok: response.ok, status: response.status, body: parsed, headers: response.headers };
}

/** The `message` of a success answer's JSON body (a 202's 'check your e-mail'), if it has one. */
export function messageOf(answer: HandlerAnswer): string | undefined {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Field name -> message, and the form-level message, of an error answer `{ error: { code, message, fields } }`. */
export function errorOf(answer: HandlerAnswer): { code?: string; message: string; fields: Record<string, string> } {
  const error = (answer.body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined)?.error;
  const message = typeof error?.message === 'string' ? error.message : 'Something went wrong. Please try again.';
  const fields: Record<string, string> = {};
  if (error?.fields && typeof error.fields === 'object') {
    for (const [name, text] of Object.entries(error.fields)) if (typeof text === 'string') fields[name] = text;
  }
  return { code: typeof error?.code === 'string' ? error.code : undefined, message, fields };
}

/** The text of a form field ('' when missing or a file). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
