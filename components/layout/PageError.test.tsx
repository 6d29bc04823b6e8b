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
