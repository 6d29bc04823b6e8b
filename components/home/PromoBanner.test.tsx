/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PromoBanner } from './PromoBanner';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

describe('PromoBanner', () => {
  beforeEach(() => {
    clearCookies();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('shows the spring laser sale, then hides after 7 seconds and sets PromoSnackOpen', async () => {
    render(<PromoBanner />);
    expect(await screen.findByRole('region', { name: 'Promotion' })).toHaveTextContent('40% off');
    act(() => jest.advanceTimersByTime(6999));
    expect(screen.getByRole('region', { name: 'Promotion' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
    expect(document.cookie).toContain('PromoSnackOpen=1');
  });

  it('waits while the focus is in it, and hides 7 seconds after the focus has left', async () => {
    render(<PromoBanner />);
    const banner = await screen.findByRole('region', { name: 'Promotion' });
    act(() => screen.getByRole('link', { name: 'See the offers' }).focus());
    act(() => jest.advanceTimersByTime(20_000));
    expect(banner).toBeInTheDocument();
    // From the link to the button: still inside, still waiting.
    act(() => screen.getByRole('button', { name: /Dismiss/ }).focus());
    act(() => jest.advanceTimersByTime(20_000));
    expect(screen.getByRole('region', { name: 'Promotion' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: /Dismiss/ }).blur());
    act(() => jest.advanceTimersByTime(6999));
    expect(screen.getByRole('region', { name: 'Promotion' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
  });

  it('hides on a click and sets the cookie', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<PromoBanner />);
    await user.click(await screen.findByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
    expect(document.cookie).toContain('PromoSnackOpen=1');
  });

  it('stays hidden while the cookie is set', async () => {
    document.cookie = 'PromoSnackOpen=1; Path=/';
    render(<PromoBanner />);
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
  });
});
