import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe on `page`, in axe's legacy mode: axe.run in the page. The default mode runs axe.runPartial in the page, then
 * opens a blank page in the context, injects axe's half a megabyte of script again there and finishes the run in it:
 * about twice the time (3.6 s against 2.0 s for the women's wax menu, 2.0 s against 1.1 s for the sign-in page, on a
 * busy two-core machine; axe was a fifth of the journeys' time), for the same rules and the same violations, passes,
 * incomplete and inapplicable results on these pages. Every journey's axe check goes through here.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** The WCAG 2.1 A and AA rules every journey holds its pages to. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * No axe violation on the page as it is now; a failure names the step, each rule and where it failed. Next.js 16
 * streams a page's metadata in a Suspense boundary of its own (next/dist/lib/metadata/metadata.js, 'Next.Metadata'),
 * so after a client navigation (a form's server action that redirects) the new page's content can be on screen while
 * its <title> is still on its way and the old one already gone: axe would read an empty title ('document-title'). The
 * check waits for the title first, as a person's screen reader announces the page once it has one.
 */
export async function expectNoAxeViolations(page: Page, step: string) {
  await expect.poll(() => page.title(), { message: `${step}: the page's title` }).not.toBe('');
  const results = await axeBuilder(page).withTags(WCAG).analyze();
  expect(results.violations.map((v) => `${step}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
