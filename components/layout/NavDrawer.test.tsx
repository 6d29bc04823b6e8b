/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { polyfillModalDialogs } from '@/lib/test-support/modal-dialogs';
import { NavDrawer } from './NavDrawer';

Object.assign(globalThis, { TextEncoder, TextDecoder });
// next.config.mjs sets trailingSlash; next/link reads it from here.
process.env.__NEXT_TRAILING_SLASH = 'true';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/specials/' }));

beforeAll(polyfillModalDialogs);

describe('NavDrawer', () => {
  it('loads the drawer on the first press: the button is busy until it opens, the press is not lost', async () => {
    window.history.pushState(null, '', '/specials/');
    render(
      <StoresProvider stores={createAppStores()}>
        <NavDrawer />
      </StoresProvider>,
    );
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).not.toHaveAttribute('aria-busy');
    // Not in the page's HTML: the drawer is not there before the first press.
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    fireEvent.click(button);
    // The drawer's code is still on its way.
    expect(button).toHaveAttribute('aria-busy', 'true');
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('open');
    expect(button).not.toHaveAttribute('aria-busy');
    expect(within(drawer).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin/?url=%2Fspecials%2F');
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    // Loaded now: the next press opens it at once.
    fireEvent.click(button);
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toHaveAttribute('open');
  });
});
