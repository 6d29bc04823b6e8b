import 'server-only';
import { normalizeAddress } from '@/lib/server/request-guard.mjs';
import { CLIENT_ADDRESS_HEADER } from './client-address';

/**
 * Under `next start`, where no server.mjs stands in front: the request headers the middleware hands on. A copy of
 * CLIENT_ADDRESS_HEADER sent by the client is dropped; the client's address is read from the header the hosting
 * platform sets (`platformHeader`, TRUST_CLIENT_ADDRESS_HEADER), and only when one is named. Where that header holds a
 * list, the last entry is the one the platform's own proxy added. Undefined: nothing to change.
 */
export function nextStartRequestHeaders(headers: Headers, platformHeader: string | undefined): Headers | undefined {
  const address = platformHeader ? normalizeAddress(headers.get(platformHeader)?.split(',').pop()) : undefined;
  if (!address && !headers.has(CLIENT_ADDRESS_HEADER)) return undefined;
  const handedOn = new Headers(headers);
  if (address) handedOn.set(CLIENT_ADDRESS_HEADER, address);
  else handedOn.delete(CLIENT_ADDRESS_HEADER);
  return handedOn;
}
