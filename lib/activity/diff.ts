/**
 * An activity entry's before and after as a person reads them: only the fields that changed, each value in words
 * ('Yes', '$70.00' stays as written, a list joined by commas), never a JSON dump. Pure.
 */

export interface FieldChange {
  /** The field's name as recorded ('startsOn'), or 'value' for a before and after that are not records. */
  field: string;
  /** 'Starts on'. */
  label: string;
  /** '' when the field was not there. */
  before: string;
  after: string;
}

/** At most this many characters of one value; a longer one ends in '…'. */
export const VALUE_MAX = 160;
/** At most this many changed fields of one entry. */
export const CHANGES_MAX = 20;

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** 'startsOn', 'starts_on' -> 'Starts on'; 'bookableAt' -> 'Bookable at'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
}

function shorten(text: string): string {
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** One value in words: '' for nothing, Yes or No, a list joined by commas, a record as 'Label: value' pairs. */
export function readableValue(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return shorten(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (depth > 2) return '…';
  if (Array.isArray(value)) return shorten(value.map((item) => readableValue(item, depth + 1)).join(', '));
  if (isPlain(value)) {
    return shorten(
      Object.entries(value)
        .filter(([, item]) => item !== null && item !== undefined)
        .map(([key, item]) => `${fieldLabel(key)}: ${readableValue(item, depth + 1)}`)
        .join('; '),
    );
  }
  return shorten(String(value));
}

/**
 * The fields that differ between `before` and `after` (either may be null: a record made or removed), in the order
 * the record lists them. Two values that are not records give one change named 'value'.
 */
export function compactDiff(before: unknown, after: unknown): FieldChange[] {
  if (same(before, after)) return [];
  const left = before ?? null;
  const right = after ?? null;
  if ((left === null || isPlain(left)) && (right === null || isPlain(right))) {
    const from: Plain = left ?? {};
    const to: Plain = right ?? {};
    const fields = [...new Set([...Object.keys(to), ...Object.keys(from)])];
    return fields
      .filter((field) => !same(from[field], to[field]))
      .slice(0, CHANGES_MAX)
      .map((field) => ({ field, label: fieldLabel(field), before: readableValue(from[field]), after: readableValue(to[field]) }));
  }
  return [{ field: 'value', label: 'Value', before: readableValue(left), after: readableValue(right) }];
}
