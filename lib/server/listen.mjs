// How server.mjs listens, and what it says when it cannot. Plain ESM so the server needs no build step.

/** How long a request may take to arrive, headers and body, before the server cuts it (408). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * REQUEST_TIMEOUT_MS from the environment (milliseconds, 1 s to 10 min), or the reason it is not one. The limit covers
 * the whole request, so a client sending a byte a second cannot hold a connection past it.
 */
export function parseRequestTimeout(value) {
  if (value === undefined || value.trim() === '') return { ms: DEFAULT_REQUEST_TIMEOUT_MS };
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1_000 || ms > 600_000) {
    return { error: `REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000, not "${value}".` };
  }
  return { ms };
}

/**
 * Node's http server options for a request time limit: headers and body within `ms`, checked often enough that a
 * connection is cut within a tenth of the limit (at most a second) after it (Node checks every 30 s by default, so
 * a 30 s limit let slow connections stay 41 s and longer).
 */
export function timeoutOptions(ms) {
  return { requestTimeout: ms, headersTimeout: ms, connectionsCheckingInterval: Math.min(1_000, Math.ceil(ms / 10)) };
}

/** One line saying why the server cannot listen on host:port and what to do, for the log a supervisor shows. */
export function listenFailureMessage(error, { port, hostname }) {
  const where = `${hostname ?? 'every address'} port ${port}`;
  switch (error?.code) {
    case 'EADDRINUSE':
      return `[server] Cannot start: ${where} is already in use by another process. Stop that process or set PORT to a free port.`;
    case 'EACCES':
      return `[server] Cannot start: listening on ${where} is not permitted for this user. Set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
      return `[server] Cannot start: HOST ${hostname} is not an address of this machine. Set HOST to one of its addresses, or leave it unset.`;
    default:
      return `[server] Cannot start: listening on ${where} failed (${error?.code ?? 'no code'}: ${error?.message ?? error}).`;
  }
}
