/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ReactNode } from 'react';
import Link from './AppLink';

const router = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), forward: jest.fn(), refresh: jest.fn() };

// jsdom has no IntersectionObserver: one the test can move into view.
let observed: { callback: IntersectionObserverCallback; element: Element; disconnected: boolean }[] = [];
class FakeObserver {
  constructor(private callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.push({ callback: this.callback, element, disconnected: false });
  }
  disconnect() {
    for (const entry of observed) if (entry.callback === this.callback) entry.disconnected = true;
  }
}
function scrollIntoView() {
  for (const { callback, element, disconnected } of observed) if (!disconnected) callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
}

beforeEach(() => {
  jest.clearAllMocks();
  observed = [];
  Object.assign(globalThis, { IntersectionObserver: FakeObserver });
});

function withRouter(ui: ReactNode) {
  return render(<AppRouterContext value={router as never}>{ui}</AppRouterContext>);
}

describe('AppLink', () => {
  it('navigates on the client: a plain click pushes the address and keeps the page', () => {
    withRouter(<Link href="/locations/">Locations</Link>);
    const link = screen.getByRole('link', { name: 'Locations' });
    expect(link).toHaveAttribute('href', '/locations/');
    expect(fireEvent.click(link)).toBe(false);
    expect(router.push).toHaveBeenCalledWith('/locations/', { scroll: undefined });
  });

  it('replaces the history entry when asked, and passes scroll', () => {
    withRouter(
      <Link href="/services/" replace scroll={false}>
        Services
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Services' }));
    expect(router.replace).toHaveBeenCalledWith('/services/', { scroll: false });
    expect(router.push).not.toHaveBeenCalled();
  });

  it.each([
    ['a modified click (new tab)', { ctrlKey: true }],
    ['a modified click (new window)', { shiftKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves %s to the browser', (_, init) => {
    withRouter(<Link href="/locations/">Locations</Link>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Locations' }), init)).toBe(true);
    expect(router.push).not.toHaveBeenCalled();
  });

  it('leaves another origin, a new tab, a download and a handled click to the browser', () => {
    withRouter(
      <>
        <Link href="https://www.instagram.com/">Instagram</Link>
        <Link href="/terms-of-service/" target="_blank">
          Terms
        </Link>
        <Link href="/gift-cards-policy/" download>
          Policy
        </Link>
        <Link href="/about-us/" onClick={(event) => event.preventDefault()}>
          About
        </Link>
      </>,
    );
    for (const name of ['Instagram', 'Terms', 'Policy']) expect(fireEvent.click(screen.getByRole('link', { name }))).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(router.push).not.toHaveBeenCalled();
  });

  it('calls its own onClick first', () => {
    const onClick = jest.fn();
    withRouter(
      <Link href="/locations/" onClick={onClick}>
        Locations
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Locations' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(router.push).toHaveBeenCalledTimes(1);
  });

  it('prefetches a link once it is in view, never with prefetch={false}, never another origin', () => {
    withRouter(
      <>
        <Link href="/specials/">Specials</Link>
        <Link href="/booking/" prefetch={false}>
          Book
        </Link>
        <Link href="https://www.tiktok.com/">TikTok</Link>
      </>,
    );
    expect(router.prefetch).not.toHaveBeenCalled();
    scrollIntoView();
    expect(router.prefetch.mock.calls).toEqual([['/specials/']]);
    scrollIntoView();
    expect(router.prefetch).toHaveBeenCalledTimes(1);
  });

  it("never prefetches a desk page, rendered per request behind the session's gate, whatever the link says", () => {
    withRouter(
      <>
        <Link href="/desk/customers/55555555-5555-4555-8555-555555555555/">Ana Caller</Link>
        <Link href="/desk/" prefetch>
          Back to today
        </Link>
        <Link href="/desks-and-chairs/">Not the desk</Link>
      </>,
    );
    scrollIntoView();
    expect(router.prefetch.mock.calls).toEqual([['/desks-and-chairs/']]);
  });

  it('is a plain link without a router (a component rendered alone)', () => {
    render(<Link href="/locations/">Locations</Link>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Locations' }))).toBe(true);
  });
});
