import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations.map((v) => `${step}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
