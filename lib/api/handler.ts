import 'server-only';
import { backend } from '@/lib/backend';
import { toResponse } from './errors';
import { assertSameOrigin } from './origin';

export interface HandlerContext<P> {
  params: P;
}

export interface HandlerOptions {
  /**
   * On a front (the upstream backend, lib/backend/) the request is forwarded upstream; this hook may then check or
   * reshape the upstream answer (sign-in reads the profile from it).
   */
  afterProxy?: (upstream: Response, request: Request) => Promise<Response> | Response;
}

type RouteContext<P> = { params: Promise<P> } | undefined;

/**
 * Wraps a route handler: the Origin check on state-changing methods, the backend's answer (this handler, or the
 * upstream's on a front), and one JSON error shape for
 * everything thrown (ApiError and zod errors as 4xx; anything else is logged and answers 500).
 * Each handler still parses its own params, query and body, and checks authorisation itself.
 */
export function apiHandler<P = Record<string, never>>(handle: (request: Request, context: HandlerContext<P>) => Promise<Response>, options: HandlerOptions = {}) {
  return async (request: Request, context?: RouteContext<P>): Promise<Response> => {
    try {
      assertSameOrigin(request);
      const local = async () => handle(request, { params: ((await context?.params) ?? {}) as P });
      return await backend().answer(request, local, options.afterProxy);
    } catch (error) {
      if (isNextControlFlow(error)) throw error;
      return toResponse(error);
    }
  };
}

/**
 * Errors Next.js throws to steer rendering (a build-time prerender bailing out on request.url, dynamic usage, a
 * redirect): they are not failures and must reach Next.js, not become a logged 500. Matched by their digest, as
 * next/navigation's unstable_rethrow does, because importing next/navigation breaks the handlers outside Next.js.
 */
const NEXT_CONTROL_FLOW_DIGEST = /^(NEXT_REDIRECT|NEXT_HTTP_ERROR_FALLBACK|NEXT_PRERENDER_INTERRUPTED|DYNAMIC_SERVER_USAGE|BAILOUT_TO_CLIENT_SIDE_RENDERING|HANGING_PROMISE_REJECTION)/;

export function isNextControlFlow(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const digest = (e as { digest?: unknown }).digest;
    if (typeof digest === 'string' && NEXT_CONTROL_FLOW_DIGEST.test(digest)) return true;
  }
  return false;
}
