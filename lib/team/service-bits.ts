/**
 * A set of services as a short string: one bit per service of a list, base64url. The team editor keeps a therapist's
 * ticked services this way across a refused save (the form's answer travels in a cookie of at most 3 KB, and a full
 * location's ids would not fit). The list is the menu's order; a menu changed in between only loses the ticks.
 */
export function encodeServiceBits(order: readonly string[], chosen: ReadonlySet<string>): string {
  const bytes = new Uint8Array(Math.ceil(order.length / 8));
  order.forEach((id, i) => {
    if (chosen.has(id)) bytes[i >> 3]! |= 1 << (i & 7);
  });
  return Buffer.from(bytes).toString('base64url');
}

export function decodeServiceBits(order: readonly string[], bits: string): Set<string> {
  const bytes = Buffer.from(bits, 'base64url');
  return new Set(order.filter((_, i) => ((bytes[i >> 3] ?? 0) >> (i & 7)) & 1));
}
