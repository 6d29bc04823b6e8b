/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { MENU_FAILED, NavDrawer } from './NavDrawer';

Object.assign(globalThis, { TextEncoder, TextDecoder });
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/' }));

// The snackbar's notices load once the page is idle; here they are in before the first notice.
beforeAll(() => loadNoticeList());

// The drawer's code loads on the first press; here it cannot be loaded.
const mockLoads = { attempts: 0 };
jest.mock('./NavDrawerDialog', () => {
  mockLoads.attempts += 1;
  throw new Error('chunk load failed');
});

it('says the menu could not load when its code fails, and the next press tries again', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <StoresProvider stores={createAppStores()}>
      <NavDrawer />
      <Snackbar />
    </StoresProvider>,
  );
  const button = screen.getByRole('button', { name: 'Open menu' });
  // Two presses before the load has failed: one load, one notice.
  fireEvent.click(button);
  fireEvent.click(button);
  expect(await screen.findByRole('alert')).toHaveTextContent(MENU_FAILED);
  expect(screen.getAllByText(MENU_FAILED)).toHaveLength(1);
  expect(error.mock.calls.filter(([message]) => message === 'Could not load the menu')).toHaveLength(1);
  expect(button).not.toHaveAttribute('aria-busy');
  expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  expect(error).toHaveBeenCalledWith('Could not load the menu', expect.any(Error));
  expect(mockLoads.attempts).toBe(1);
  await userEvent.click(button);
  await waitFor(() => expect(mockLoads.attempts).toBe(2));
  error.mockRestore();
});
