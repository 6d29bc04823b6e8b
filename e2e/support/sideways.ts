import { expect, type Page } from '@playwright/test';

/**
 * The page is no wider than the window it was given. Measured against the viewport's set width, not innerWidth: on
 * a phone (isMobile) the layout viewport widens to fit content wider than the screen, so innerWidth grows with it.
 */
export async function expectNoSidewaysScroll(page: Page, label = page.url()) {
  const width = page.viewportSize()!.width;
  const measured = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(measured.scrollWidth, `${label} at ${width} px: scrollWidth`).toBeLessThanOrEqual(width);
  expect(measured.innerWidth, `${label} at ${width} px: the layout viewport`).toBe(width);
}
