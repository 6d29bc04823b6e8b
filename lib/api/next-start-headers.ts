import 'server-only';
import { forwardedForList, hopCountClient, normalizeAddress } from '@/lib/server/request-guard.mjs';
import { CLIENT_ADDRESS_HEADER } from './client-address';

/**
 * Under `next start`, where no server.mjs stands in front: the request headers the middleware hands on. A copy of
 * CLIENT_ADDRESS_HEADER sent by the client is dropped. The client's address is read from the header the hosting
 * platform sets (`platformHeader`, TRUST_CLIENT_ADDRESS_HEADER) when one is named, where a list's last entry is the one
 * the platform's own proxy added; else, with `trustProxy` hops (TRUST_PROXY), from X-Forwarded-For by server.mjs's
 * hop-count rule (lib/server/request-guard.mjs), which needs no socket for 1 hop or more. With neither, the address is
 * unknown: the middleware does not see the socket's peer. Undefined: nothing to change.
 */
export function nextStartRequestHeaders(headers: Headers, platformHeader: string | undefined, trustProxy = 0): Headers | undefined {
  const address = platformHeader
    ? normalizeAddress(headers.get(platformHeader)?.split(',').pop())
    : trustProxy > 0
      ? hopCountClient(forwardedForList(headers.get('x-forwarded-for')), undefined, trustProxy).client
      : undefined;
  if (!address && !headers.has(CLIENT_ADDRESS_HEADER)) return undefined;
  const handedOn = new Headers(headers);
  if (address) handedOn.set(CLIENT_ADDRESS_HEADER, address);
  else handedOn.delete(CLIENT_ADDRESS_HEADER);
  return handedOn;
}
