/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { allServiceItems } from '@/lib/catalog/catalog';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { cardServiceCount } from '@/lib/booking/card';
import { ADD_FAILED, ServiceActionsClient } from './ServiceActionsClient';

// The snackbar's notices load once the page is idle; here they are in before the first notice.
beforeAll(() => loadNoticeList());

Object.assign(globalThis, { TextEncoder, TextDecoder });
// The menu's add rules load after the page (ServiceActionsClient.tsx); here they cannot be loaded.
jest.mock('@/stores/booking-location', () => {
  throw new Error('chunk load failed');
});

it('says the booking cart could not be changed when the add code cannot load, and changes nothing', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const stores = createAppStores({ location: 1 });
  const wax = allServiceItems().find((item) => item.gen === 0 && item.svcType === 1)!;
  render(
    <StoresProvider stores={stores}>
      <ServiceActionsClient service={{ id: wax.id, areaId: wax.areaId, svcTypeId: wax.svcType, gen: 0 }} serviceName={wax.name} />
      <Snackbar />
    </StoresProvider>,
  );
  const add = screen.getByRole('button', { name: `Add to booking: ${wax.name}` });
  act(() => {
    fireEvent.click(add);
  });
  // While the tap waits for the add rules, the button says it is busy.
  expect(add).toHaveAttribute('aria-busy', 'true');
  expect(await screen.findByRole('alert')).toHaveTextContent(ADD_FAILED);
  expect(add).not.toHaveAttribute('aria-busy');
  expect(error).toHaveBeenCalledWith('Could not load the booking cart code', expect.any(Error));
  expect(cardServiceCount(stores.card.getState().card)).toBe(0);
  expect(screen.getByRole('button', { name: `Add to booking: ${wax.name}` })).toBeInTheDocument();
  error.mockRestore();
});
