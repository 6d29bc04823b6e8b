/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { newYorkDate } from '@/lib/marketing/banner-window';
import { PromoBanner } from './PromoBanner';

// The banner's code loads when it is to show (not with the home page); here that load fails as a lost connection would.
jest.mock('./PromoBannerContent', () => {
  throw new Error('Loading chunk failed');
});

it('when the banner cannot load: nothing shows, the reason is logged and the page goes on', async () => {
  document.cookie = 'PromoSnackOpen=; Max-Age=0; Path=/';
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const today = newYorkDate(Date.now());
  render(
    <>
      <PromoBanner banners={[{ text: 'Winter glow', link: '', startsOn: today, endsOn: today }]} />
      <p>The page</p>
    </>,
  );
  await act(async () => {});
  expect(error).toHaveBeenCalledWith('Could not load the promotion banner', expect.any(Error));
  expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
  expect(screen.getByText('The page')).toBeInTheDocument();
  error.mockRestore();
});
