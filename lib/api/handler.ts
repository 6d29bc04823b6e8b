import 'server-only';
import { proxyEnabled } from '@/lib/env';
import { toResponse } from './errors';
import { assertSameOrigin } from './origin';
import { forwardToUpstream } from './proxy';

export interface HandlerContext<P> {
  params: P;
}

export interface HandlerOptions {
  /**
   * In proxy mode (SALON_API_URL set) the request is forwarded upstream; this hook may then check or reshape the
   * upstream answer (sign-in reads the profile from it).
   */
  afterProxy?: (upstream: Response, request: Request) => Promise<Response> | Response;
}

type RouteContext<P> = { params: Promise<P> } | undefined;

/**
 * Wraps a route handler: the Origin check on state-changing methods, the proxy mode, and one JSON error shape for
 * everything thrown (ApiError and zod errors as 4xx; anything else is logged and answers 500).
 * Each handler still parses its own params, query and body, and checks authorisation itself.
 */
export function apiHandler<P = Record<string, never>>(handle: (request: Request, context: HandlerContext<P>) => Promise<Response>, options: HandlerOptions = {}) {
  return async (request: Request, context?: RouteContext<P>): Promise<Response> => {
    try {
      assertSameOrigin(request);
      if (proxyEnabled()) {
        const upstream = await forwardToUpstream(request);
        return options.afterProxy ? await options.afterProxy(upstream, request) : upstream;
      }
      const params = ((await context?.params) ?? {}) as P;
      return await handle(request, { params });
    } catch (error) {
      return toResponse(error);
    }
  };
}
