/**
 * Characters that change how the text around them reads without being seen: control characters (C0, DEL and C1),
 * the bidirectional embeddings, overrides, isolates and marks (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F,
 * U+061C), and the line and paragraph separators (U+2028, U+2029). In a name they spoof what the desk's pages and the
 * mails show: 'Ann \u202Emoc.live' reads 'Ann evil.com'. Its own module, without imports: the sign-up form's island
 * checks names with it too.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

export function hasHiddenCharacter(text: string): boolean {
  return HIDDEN_CHARACTER.test(text);
}
