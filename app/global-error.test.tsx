/** @jest-environment jsdom */
import type { Root } from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALON_PHONE, SALON_PHONE_DISPLAY } from '@/lib/site';

let errorLog: jest.SpyInstance;
let unmount: (() => void) | undefined;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  unmount?.();
  unmount = undefined;
  errorLog.mockRestore();
});

/**
 * Renders the document the way Next.js does when the root layout fails: <html> replaces the whole page. React, the
 * renderer and the page come from one module registry (a test may have reset it to mock a failed load).
 */
async function renderGlobalError(error: Error, retry = jest.fn()) {
  const { act } = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { default: GlobalError } = await import('./global-error');
  const root: Root = createRoot(document);
  await act(async () => root.render(<GlobalError error={error} retry={retry} />));
  unmount = () => act(() => root.unmount());
  return retry;
}

describe('GlobalError', () => {
  it('loads its title, noindex and message when the root layout fails: a heading, the phone, Try again and a full load of the home page', async () => {
    const error = new Error('root layout failed');
    const retry = await renderGlobalError(error);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(document.title).toBe('Something went wrong | Bare & Polished NYC');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(screen.getByRole('link', { name: SALON_PHONE_DISPLAY })).toHaveAttribute('href', `tel:${SALON_PHONE}`);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Bare & Polished NYC' })).toHaveAttribute('href', '/');
    expect(errorLog.mock.calls).toEqual([[error]]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('says so in a line with a link that reloads the page when its message cannot load (the network may be what failed)', async () => {
    jest.resetModules();
    jest.doMock('@/components/layout/GlobalErrorBody', () => {
      throw new Error('ChunkLoadError: the error page chunk failed');
    });
    const error = new Error('root layout failed');
    await renderGlobalError(error);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Reload the page');
    expect(screen.getByRole('link', { name: 'Reload the page' })).toHaveAttribute('href', window.location.href);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(document.title).toBe('Something went wrong');
    expect(errorLog).toHaveBeenCalledWith(error);
    await waitFor(() => expect(errorLog).toHaveBeenCalledWith('Could not load the error page', expect.objectContaining({ message: 'ChunkLoadError: the error page chunk failed' })));
    // Nothing else: React had nothing to warn about.
    expect(errorLog).toHaveBeenCalledTimes(2);
  });
});
