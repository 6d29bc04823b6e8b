/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { navigationTarget } from './navigation-target';
import { ProgressBar } from './ProgressBar';

let pathname = '/services/';
const useSearchParams = jest.fn(() => new URLSearchParams());
jest.mock('next/navigation', () => ({ usePathname: () => pathname, useSearchParams: () => useSearchParams() }));

const here = new URL('http://127.0.0.1:3000/services/womens-wax/');
function clickOn(html: string, init: Partial<MouseEvent> = {}) {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-click]') ?? document.body.firstElementChild!;
  return { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, target, ...init } as MouseEvent;
}

describe('navigationTarget', () => {
  it('is the address of a plain click on a link to another page of the site, also from an element inside it', () => {
    expect(navigationTarget(clickOn('<a href="/booking/"><span data-click>Book</span></a>'), here)?.pathname).toBe('/booking/');
    expect(navigationTarget(clickOn('<a href="/services/womens-wax/?q=1">x</a>'), here)?.search).toBe('?q=1');
  });

  it('is undefined for another origin, a new tab, a download, a modified or middle click, or the same page', () => {
    expect(navigationTarget(clickOn('<a href="https://example.com/">x</a>'), here)).toBeUndefined();
    expect(navigationTarget(clickOn('<a href="/booking/" target="_blank">x</a>'), here)).toBeUndefined();
    expect(navigationTarget(clickOn('<a href="/a.pdf" download>x</a>'), here)).toBeUndefined();
    expect(navigationTarget(clickOn('<a href="/booking/">x</a>', { metaKey: true }), here)).toBeUndefined();
    expect(navigationTarget(clickOn('<a href="/booking/">x</a>', { button: 1 }), here)).toBeUndefined();
    expect(navigationTarget(clickOn('<a href="#bp-4">x</a>'), here)).toBeUndefined();
    expect(navigationTarget(clickOn('<button data-click>x</button>'), here)).toBeUndefined();
  });
});

describe('<ProgressBar>', () => {
  it('shows from a click on a link until the new page is there', () => {
    const stores = createAppStores();
    const view = render(
      <StoresProvider stores={stores}>
        <ProgressBar />
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the click is what is tested, not the navigation */}
        <a href="/booking/" onClick={(event) => event.preventDefault()}>
          Book now
        </a>
      </StoresProvider>,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Book now' }));
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    pathname = '/booking/';
    view.rerender(
      <StoresProvider stores={stores}>
        <ProgressBar />
      </StoresProvider>,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("does not read the query in the server's render, where a prerendered page would hand it to the browser", () => {
    useSearchParams.mockClear();
    expect(
      renderToString(
        <StoresProvider stores={createAppStores()}>
          <ProgressBar />
        </StoresProvider>,
      ),
    ).toBe('');
    expect(useSearchParams).not.toHaveBeenCalled();
  });

  it('shows while a call is in flight', () => {
    const stores = createAppStores();
    render(
      <StoresProvider stores={stores}>
        <ProgressBar />
      </StoresProvider>,
    );
    act(() => stores.ui.getState().startProgress());
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    act(() => stores.ui.getState().endProgress());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
