/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { FAILED_TO_SUBSCRIBE } from './messages';
import { SubscribeForm } from './SubscribeForm';

// The snackbar's notices load once the page is idle; here they are in before the first notice.
beforeAll(() => loadNoticeList());

// The request code loads when the form is sent; here it cannot be loaded.
jest.mock('./subscribe', () => {
  throw new Error('chunk load failed');
});
jest.mock('@vercel/analytics', () => ({ track: jest.fn() }));
jest.mock('./actions', () => ({ subscribeAction: jest.fn() }));

it('says the subscription failed when its code cannot be loaded, and sends nothing', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  globalThis.fetch = jest.fn();
  render(
    <StoresProvider stores={createAppStores()}>
      <SubscribeForm />
      <Snackbar />
    </StoresProvider>,
  );
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(FAILED_TO_SUBSCRIBE);
  expect(globalThis.fetch).not.toHaveBeenCalled();
  expect(error).toHaveBeenCalledWith('The form could not be sent', expect.any(Error));
  error.mockRestore();
});
