// What server.mjs does with the body of a request it refuses before Next.js. Plain ESM so the server needs no build step.

/**
 * Reads and drops the rest of a refused request's body after the answer, as nginx's lingering close does. Closed at
 * once, the connection meets the bytes the client is still sending with a reset, and a client still writing (a
 * browser sending a form or a photo too large, Node's http client) reports the reset instead of the answer. Bounded:
 * a body declared over `maxBytes`, or one held back for 100 Continue, is not waited for (`Connection: close`, as
 * before); one that goes past `maxBytes`, or is not in within `ms`, is cut. Call it before the answer is sent: it may
 * set the Connection header. A body read to its end leaves the connection open for the client's next request.
 */
export function lingerAfterRefusal(request, response, { maxBytes, ms }) {
  const declared = Number(request.headers['content-length'] ?? 0);
  const heldBack = /100-continue/i.test(request.headers.expect ?? '');
  if (heldBack || !(declared <= maxBytes)) {
    response.setHeader('connection', 'close');
    request.resume();
    return;
  }
  let read = 0;
  const cut = () => request.socket?.destroy();
  const timer = setTimeout(cut, ms);
  timer.unref();
  const done = () => clearTimeout(timer);
  request.on('data', (chunk) => {
    read += chunk.length;
    if (read > maxBytes) cut();
  });
  request.once('end', done);
  request.once('close', done);
  request.resume();
}

/** How long a refused request's body may take to arrive: 5 s, and never as long as half the request time limit. */
export function lingerMs(requestTimeoutMs) {
  return Math.min(5_000, Math.floor(requestTimeoutMs / 2));
}
