/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALON_PHONE, SALON_PHONE_DISPLAY } from '@/lib/site';
import { LazyPageError } from './LazyPageError';
import { PageError } from './PageError';

let errorLog: jest.SpyInstance;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorLog.mockRestore());

describe('PageError', () => {
  it('says the page failed, logs the error, and offers to try again, the home page and the phone', async () => {
    const error = new Error('database unreachable');
    const retry = jest.fn();
    render(<PageError error={error} retry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`This page could not be loaded. Please try again in a moment, or call us at ${SALON_PHONE_DISPLAY}.`);
    expect(screen.getByRole('link', { name: SALON_PHONE_DISPLAY })).toHaveAttribute('href', `tel:${SALON_PHONE}`);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(errorLog).toHaveBeenCalledWith(error);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('the reference a visitor can quote', () => {
  // jsdom has no resource timing: the browser's entries are stood in for.
  let entries: PerformanceEntry[] = [];
  beforeEach(() => {
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: (type: string) => entries.filter((entry) => (type === 'navigation') === ((entry as PerformanceResourceTiming).initiatorType === 'navigation')) });
  });
  afterEach(() => {
    delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
  });

  it("shows the id server.mjs gave the page's request, and nothing when it gave none", () => {
    const navigation = { initiatorType: 'navigation', name: window.location.href, responseEnd: 1, serverTiming: [{ name: 'request', description: '3f9c0a1b2d4e', duration: 0 }] };
    entries = [navigation as unknown as PerformanceEntry];
    const { unmount } = render(<PageError error={new Error('boom')} retry={jest.fn()} />);
    expect(screen.getByText('Reference: 3f9c0a1b2d4e')).toBeInTheDocument();
    unmount();
    entries = [];
    render(<PageError error={new Error('boom')} retry={jest.fn()} />);
    expect(screen.queryByText(/Reference:/)).not.toBeInTheDocument();
  });
});

describe('LazyPageError (the route groups\' error.tsx)', () => {
  it('loads the message when a page fails and passes the error and the retry through', async () => {
    const error = new Error('render failed');
    const retry = jest.fn();
    render(<LazyPageError error={error} retry={retry} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(errorLog).toHaveBeenCalledWith(error);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
