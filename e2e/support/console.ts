import type { Page } from '@playwright/test';

/** Console errors and uncaught page errors (hydration problems show up here); a page of this site has none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
