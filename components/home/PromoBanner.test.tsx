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

const WINTER = { text: 'Winter glow: 20% off facials', link: '/services/skin-care/', startsOn: '2026-12-01', endsOn: '2026-12-24' };
/** Noon in New York on a day of the winter banner. */
const DURING = '2026-12-10T17:00:00Z';

describe('PromoBanner', () => {
  beforeEach(() => {
    clearCookies();
    jest.useFakeTimers({ now: new Date(DURING) });
  });
  afterEach(() => jest.useRealTimers());

  it("shows the owner's banner running today, then hides after 7 seconds and sets PromoSnackOpen", async () => {
    render(<PromoBanner banners={[WINTER]} />);
    const banner = await screen.findByRole('region', { name: 'Promotion' });
    expect(banner).toHaveTextContent('Winter glow: 20% off facials');
    expect(screen.getByRole('link', { name: 'See the offers' })).toHaveAttribute('href', '/services/skin-care/');
    act(() => jest.advanceTimersByTime(6999));
    expect(screen.getByRole('region', { name: 'Promotion' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
    expect(document.cookie).toContain('PromoSnackOpen=1');
  });

  it.each([
    ['the last second of the day before its first day', '2026-12-01T04:59:59Z', false],
    ['the first second of its first day', '2026-12-01T05:00:00Z', true],
    ['the last second of its last day', '2026-12-25T04:59:59Z', true],
    ['the first second of the day after its last day', '2026-12-25T05:00:00Z', false],
  ])('decides by the day in New York, in the browser: at %s it shows: %s', async (_, instant, shows) => {
    jest.setSystemTime(new Date(instant));
    render(<PromoBanner banners={[WINTER]} />);
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Promotion' }) !== null).toBe(shows);
  });

  it('shows nothing without a banner for today, and no link when the banner has none', async () => {
    const { unmount } = render(<PromoBanner banners={[]} />);
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
    unmount();
    render(<PromoBanner banners={[{ ...WINTER, link: '' }]} />);
    expect(await screen.findByRole('region', { name: 'Promotion' })).toHaveTextContent('Winter glow');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('waits while the focus is in it, and hides 7 seconds after the focus has left', async () => {
    render(<PromoBanner banners={[WINTER]} />);
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
    render(<PromoBanner banners={[WINTER]} />);
    await user.click(await screen.findByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
    expect(document.cookie).toContain('PromoSnackOpen=1');
  });

  it('stays hidden while the cookie is set', async () => {
    document.cookie = 'PromoSnackOpen=1; Path=/';
    render(<PromoBanner banners={[WINTER]} />);
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
  });
});
