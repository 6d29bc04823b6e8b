/**
 * Stable GUIDs for catalogue records, derived from a seed (the SKU) so that they never change between builds and
 * cookies, bookings and shop products that hold them stay valid. Pure JS so it runs the same in the browser,
 * on the server and in Jest.
 */

/** 32-bit FNV-1a of a string with a salt. */
function fnv1a(text: string, salt: number): number {
  let hash = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A version-4-shaped GUID (8-4-4-4-12 lower-case hex) for a seed. */
export function stableGuid(seed: string): string {
  const hex = [0, 1, 2, 3].map((salt) => fnv1a(seed, salt * 0x9e3779b1).toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
