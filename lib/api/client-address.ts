/**
 * The address of the client, for per-client rate limits. Next.js sets X-Forwarded-For to the socket address when
 * the header is absent; a load balancer appends the address it saw. The last entry is therefore the one added by
 * the nearest hop, which a client cannot choose.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).pop();
  const address = last ?? request.headers.get('x-real-ip')?.trim();
  return address && address.length <= 64 ? address.toLowerCase() : 'unknown';
}
