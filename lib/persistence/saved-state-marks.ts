// The marks on <html> that the header's CSS reads: first-paint.ts's script sets them before the first paint, the header after.

/** What the header shows of the saved state. `name` is undefined when signed out. */
export interface SavedStateMarks {
  bookingCount: number;
  favoritesCount: number;
  shopCount: number;
  name?: string;
}

/** The mark of each count: `data-{key}` on <html> when above zero, and the custom property `--{key}` for the counter. */
export const MARK_KEYS = { bookingCount: 'bk', favoritesCount: 'fv', shopCount: 'sh' } as const;
export const SIGNED_IN_MARK = 'data-auth';
export const NAME_PROPERTY = '--nm';
export const NAME_MAX = 60;

/** The name as a CSS string for `content: var(--nm)`: quotes and backslashes escaped, control characters dropped. */
export function cssString(text: string): string {
  return `"${text
    .slice(0, NAME_MAX)
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/["\\]/g, '\\$&')}"`;
}

export function applySavedStateMarks(root: HTMLElement, marks: SavedStateMarks): void {
  for (const [field, key] of Object.entries(MARK_KEYS) as [keyof typeof MARK_KEYS, string][]) {
    const count = marks[field];
    if (count > 0) {
      root.setAttribute(`data-${key}`, String(count));
      root.style.setProperty(`--${key}`, String(count));
    } else {
      root.removeAttribute(`data-${key}`);
      root.style.removeProperty(`--${key}`);
    }
  }
  if (marks.name === undefined) {
    root.removeAttribute(SIGNED_IN_MARK);
    root.style.removeProperty(NAME_PROPERTY);
  } else {
    root.setAttribute(SIGNED_IN_MARK, '');
    root.style.setProperty(NAME_PROPERTY, cssString(marks.name));
  }
}

