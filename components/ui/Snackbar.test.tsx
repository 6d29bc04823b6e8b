/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStores, type AppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { DEFAULT_NOTICE_MS } from '@/stores/ui-store';
import { loadNoticeList, Snackbar } from './Snackbar';

function renderSnackbar(stores: AppStores) {
  return render(
    <StoresProvider stores={stores}>
      <Snackbar />
    </StoresProvider>,
  );
}

afterEach(() => {
  jest.useRealTimers();
});

// Runs first: the notices' module is not loaded yet (it is not in the page's first load).
describe('the first notice', () => {
  it('loads the notices\' code and then shows the notice', async () => {
    const stores = createAppStores();
    renderSnackbar(stores);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    act(() => {
      stores.ui.getState().notify({ variant: 'success', message: 'Added to booking.' });
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Success: Added to booking.');
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(screen.getByRole('status'));
  });
});

describe('a notice with an action', () => {
  beforeAll(() => loadNoticeList());


  it('is announced, its action is reachable by keyboard, and pressing it runs the action once and closes the notice', async () => {
    const stores = createAppStores();
    const onAction = jest.fn();
    renderSnackbar(stores);
    act(() => {
      stores.ui.getState().notify({ variant: 'warning', message: 'Lash Lift is not offered in Midtown and was taken out of your booking.', action: { label: 'Undo', onAction } });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Warning: Lash Lift is not offered in Midtown and was taken out of your booking.');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stores.ui.getState().notices).toEqual([]);
  });

  it('stays until closed, while a plain notice closes itself', () => {
    jest.useFakeTimers();
    const stores = createAppStores();
    renderSnackbar(stores);
    act(() => {
      stores.ui.getState().notify({ variant: 'info', message: 'Your booking is now at Nolita.' });
      stores.ui.getState().notify({ variant: 'warning', message: 'Lash Lift was taken out.', action: { label: 'Undo', onAction: () => {} } });
    });
    act(() => {
      jest.advanceTimersByTime(DEFAULT_NOTICE_MS * 20);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Lash Lift was taken out.');
    act(() => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
