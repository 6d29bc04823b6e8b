import { GUID_PATTERN } from './catalog/schema';

/** An identifier is valid only if it is a GUID: 8-4-4-4-12 hex, optionally in braces (specification section 5). */
export function isGuid(value: unknown): value is string {
  if (typeof value !== 'string' || !GUID_PATTERN.test(value)) return false;
  // Braces come in pairs or not at all.
  return value.startsWith('{') === value.endsWith('}');
}

/** A date in strict YYYY-MM-DD form, the only form dates take past a boundary. */
export type IsoDate = string & { readonly __brand: 'IsoDate' };

const STRICT_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/;

/**
 * Accepts 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD' and normalises to 'YYYY-MM-DD'; anything else, including
 * impossible dates such as 2026-02-30 or 24:00, gives undefined.
 */
export function normaliseDate(value: unknown): IsoDate | undefined {
  if (typeof value !== 'string') return undefined;
  const match = STRICT_DATE.exec(value);
  if (!match) return undefined;
  const [, y, m, d, hh, mm] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59)) return undefined;
  return `${y}-${m}-${d}` as IsoDate;
}

/** Empty: null or undefined, an object with no keys, an empty array or a blank string. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}
