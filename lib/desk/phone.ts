/**
 * Phone numbers as the desk stores and searches them: digits only. A US number typed with its country code
 * ('+1 (212) 555-0142') is stored as its ten digits, so it matches however the caller's number was typed.
 */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** The digits of a typed number, the US country code dropped; undefined when it cannot be a phone number. */
export function normalisePhone(typed: string): string | undefined {
  if (!/^[\d\s().+-]*$/.test(typed)) return undefined;
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS ? digits : undefined;
}

/** How the desk shows a stored number: (212) 555-0142 for ten digits, the digits otherwise. */
export function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

/**
 * The digits to look for when a search text reads as (part of) a phone number, else undefined. The US country code
 * is dropped as normalisePhone drops it from stored numbers: a leading '+1', or a 1 before ten digits
 * ('+1 212-555-0147', '1 212 555 0147' and '(212) 555-0147' all look for 2125550147).
 */
export function phoneQueryDigits(query: string, minDigits: number): string | undefined {
  const text = query.trim();
  if (!/^[\d\s().+-]+$/.test(text)) return undefined;
  let digits = text.replace(/\D/g, '');
  if (/^\+\s*1/.test(text) || (digits.length === 11 && digits.startsWith('1'))) digits = digits.slice(1);
  return digits.length >= minDigits ? digits : undefined;
}
