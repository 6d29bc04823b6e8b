/** @jest-environment jsdom */
import { readFileSync } from 'node:fs';
import { TextDecoder, TextEncoder } from 'node:util';
import { screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Providers } from '@/components/layout/Providers';
import type { SessionUser } from '@/lib/auth/session';
import { authCookieValue } from '@/lib/persistence/auth';
import { COOKIE_NAMES } from '@/lib/persistence/cookies';

// jsdom has no TextEncoder; the cookie codecs need it.
Object.assign(globalThis, { TextEncoder, TextDecoder });

let session: SessionUser | null = null;
let cookies = new Map<string, string>();
jest.mock('next/headers', () => ({ cookies: async () => ({ get: (name: string) => (cookies.has(name) ? { name, value: cookies.get(name) } : undefined) }) }));
jest.mock('@/lib/auth/current-user', () => ({ currentUser: async () => session }));

const dana: SessionUser = { id: 'u-dana', email: 'dana@example.com', name: 'Dana Desk', role: 'staff' };

/** The header's rules of 'Saved state at first paint' in app/globals.css, which show or hide its account controls. */
function firstPaintRules(): string {
  const css = readFileSync('app/globals.css', 'utf8');
  const from = css.indexOf('*/', css.indexOf('Saved state at first paint (')) + 2;
  return css.slice(from, css.indexOf('/*', from));
}

/** The desk layout's HTML as a browser without scripts shows it: its <noscript> content is markup there. */
async function deskWithoutScripts(): Promise<HTMLElement> {
  const { default: Layout } = await import('./layout');
  const html = renderToStaticMarkup(<Providers>{await Layout({ children: <p>The desk page</p> })}</Providers>);
  document.head.innerHTML = `<style>${firstPaintRules()}</style>`;
  document.body.innerHTML = html.replace(/<\/?noscript>/g, '');
  return screen.getByRole('banner');
}

beforeEach(() => {
  session = null;
  cookies = new Map();
});

describe('the desk header without scripts', () => {
  it("greets the session's front desk, not 'Sign in', though the browser holds no display cookie", async () => {
    session = dana;
    const header = await deskWithoutScripts();
    expect(within(header).getByRole('link', { name: /^Hi, !/ })).toBeVisible();
    expect(within(header).getByRole('link', { name: 'Sign in', hidden: true })).not.toBeVisible();
    expect(document.body.innerHTML).toContain('.marked-name:empty::before{content:"Dana Desk"}');
    expect(screen.getByRole('navigation', { name: 'Front desk' })).toBeVisible();
  });

  it('greets the account of the session, not the one an older display cookie names', async () => {
    session = dana;
    cookies.set(COOKIE_NAMES.auth, authCookieValue({ id: 'u-earlier', name: 'Earl Earlier', email: 'earl@example.com' }));
    await deskWithoutScripts();
    expect(document.body.innerHTML).toContain('content:"Dana Desk"');
    expect(document.body.innerHTML).not.toContain('Earl Earlier');
  });

  it("says 'Sign in' to a visitor without a session", async () => {
    const header = await deskWithoutScripts();
    expect(within(header).getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(within(header).getByRole('link', { name: /^Hi, /, hidden: true })).not.toBeVisible();
  });
});
