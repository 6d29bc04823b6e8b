import { test } from './worker-server';

/** Time each page of a sweep may take on a busy machine (most take one to three seconds). */
const PER_PAGE_MS = 8_000;

/**
 * Checks a list of pages one after another in the same browser page, one step each (the report names the page that
 * failed). A test per page paid for a new browser context and its renderer every time: about half a second of CPU a
 * page, measured on a menu (0.80 s a fresh page against 0.31 s the next address in the same page).
 */
export async function sweep<T>(items: readonly T[], name: (item: T) => string, check: (item: T) => Promise<void>): Promise<void> {
  test.setTimeout(Math.max(30_000, items.length * PER_PAGE_MS));
  for (const item of items) await test.step(name(item), () => check(item));
}
