import type { BrowserContext, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator in the page's browser (CDP WebAuthn): a platform authenticator that answers every
 * passkey prompt as a person's face or fingerprint would. Returns a reader of the passkeys it holds.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

/** The address of a server opened as localhost: WebAuthn refuses an IP address (docs/decisions.md, 'Passkeys'). */
export const asLocalhost = (origin: string) => origin.replace('127.0.0.1', 'localhost');

/**
 * Holds back the page's first passkey options request (the e-mail field's autofill) unanswered; later ones go on.
 * Chromium's virtual authenticator answers a waiting autofill request at once by itself, which would race a tap on
 * 'Sign in with a passkey'. Undo with page.unrouteAll({ behavior: 'ignoreErrors' }).
 */
export async function holdAutofill(page: Page) {
  let held = false;
  await page.route('**/api/auth/passkey/options/', async (route) => {
    if (held) return route.continue();
    held = true;
  });
}
