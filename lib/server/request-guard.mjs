// What server.mjs decides about a request before Next.js sees it. Plain ESM so the server needs no build step.
import { isIP } from 'node:net';

const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_TARGET_LENGTH = 8192;
const MAX_SEGMENT_LENGTH = 255;
const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/** '::ffff:10.0.0.1' -> '10.0.0.1'; anything that is not an IP address -> undefined. */
export function normalizeAddress(value) {
  if (typeof value !== 'string') return undefined;
  let address = value.trim();
  if (address.startsWith('[') && address.includes(']')) address = address.slice(1, address.indexOf(']'));
  if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  if (address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address.toLowerCase() : undefined;
}

function headerValue(value) {
  return Array.isArray(value) ? value.join(',') : value;
}

/** The addresses of an X-Forwarded-For header, in order (the nearest proxy's last). */
export function forwardedForList(value) {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Express's hop-count rule, the one place it is written (server.mjs and, under `next start`, the middleware use it):
 * the chain is X-Forwarded-For's addresses then the socket's peer; trusting `trustProxy` hops from the right, the
 * client is the address `trustProxy` places before the peer (the leftmost one when the chain is shorter). The peer is
 * the nearest proxy, which adds nothing to the header itself, so the middleware, which never sees the socket, finds
 * the same client for 1 hop or more; with 0 the client is the peer (undefined there).
 * @param {string[]} listed
 * @param {string | undefined} peer
 * @param {number} trustProxy
 */
export function hopCountClient(listed, peer, trustProxy) {
  if (trustProxy <= 0) return { client: peer, trusted: peer === undefined ? [] : [peer] };
  const chain = [...listed, peer];
  const index = Math.max(0, chain.length - 1 - trustProxy);
  return { client: normalizeAddress(chain[index]) ?? peer, trusted: chain.slice(index).filter((address) => address !== undefined) };
}

/**
 * The client's address, the proxy chain worth passing on, the scheme and the host, trusting the X-Forwarded-*
 * headers for exactly `trustProxy` hops (Express's hop-count rule). With 0 the socket's peer is the client, whatever
 * headers it sent; with n, the n-th address from the right of X-Forwarded-For plus the socket.
 */
export function forwardedFor(request, trustProxy) {
  const socketAddress = normalizeAddress(request.socket?.remoteAddress) ?? 'unknown';
  const encrypted = Boolean(request.socket?.encrypted);
  const ownHost = headerValue(request.headers.host);
  const safeHost = (value) => (typeof value === 'string' && value.length <= 255 && HOST.test(value.trim()) ? value.trim().toLowerCase() : undefined);
  if (trustProxy <= 0) {
    return { client: socketAddress, chain: socketAddress, proto: encrypted ? 'https' : 'http', host: safeHost(ownHost) ?? '' };
  }
  const { client, trusted } = hopCountClient(forwardedForList(headerValue(request.headers['x-forwarded-for'])), socketAddress, trustProxy);
  const lastProto = (headerValue(request.headers['x-forwarded-proto']) ?? '').split(',').pop()?.trim().toLowerCase();
  const proto = lastProto === 'https' || lastProto === 'http' ? lastProto : encrypted ? 'https' : 'http';
  const forwardedHost = safeHost((headerValue(request.headers['x-forwarded-host']) ?? '').split(',').pop());
  return { client, chain: trusted.join(', '), proto, host: forwardedHost ?? safeHost(ownHost) ?? '' };
}

/**
 * A reason to refuse the request before Next.js parses it, or undefined. Next.js answers 500 when a path segment
 * holds a malformed percent-escape, and page code should never meet a NUL or other control character in a path.
 */
export function firstRequestProblem(request) {
  const target = request.url ?? '/';
  // No address of this site comes near these; a redirect of a longer one would overflow response-header limits,
  // and a segment past 255 bytes cannot even be a cache file name.
  if (target.length > MAX_TARGET_LENGTH) return { status: 414, message: 'This address is too long.' };
  let path = target;
  if (!target.startsWith('/')) {
    try {
      path = new URL(target).pathname;
    } catch {
      return { status: 400, message: 'This address is not valid.' };
    }
  }
  path = path.split('?')[0].split('#')[0];
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { status: 400, message: 'This address is not valid: it holds a malformed %-escape.' };
  }
  if (CONTROL.test(decoded)) return { status: 400, message: 'This address is not valid: it holds a control character.' };
  if (path.split('/').some((segment) => segment.length > MAX_SEGMENT_LENGTH)) return { status: 414, message: 'This address is too long.' };
  // Browsers resolve dot segments before sending; a raw one makes routing and middleware see different paths.
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return { status: 400, message: 'This address is not valid: it holds a dot segment.' };
  return undefined;
}
