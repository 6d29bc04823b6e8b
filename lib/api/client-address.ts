/**
 * The header in which the site's own server (server.mjs) hands the client's address to the app: the socket's peer,
 * or, with TRUST_PROXY=n, the address the n-th proxy from us saw. The server removes any copy a client sent, so
 * the value cannot be chosen by the client.
 */
export const CLIENT_ADDRESS_HEADER = 'x-bnp-client-address';

/** The address of the client, for per-client rate limits ('unknown' when the app runs without server.mjs). */
export function clientAddress(request: Request | Headers): string {
  const headers = request instanceof Headers ? request : request.headers;
  const address = headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  return address && address.length <= 64 ? address.toLowerCase() : 'unknown';
}
