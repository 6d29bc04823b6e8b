/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allServiceItems } from '@/lib/catalog/catalog';
import { cardServiceCount } from '@/lib/persistence/model';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { ServiceActionsClient } from './ServiceActionsClient';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const mockAddRulesLoaded = jest.fn();
jest.mock('@/stores/booking-location', () => {
  mockAddRulesLoaded();
  return jest.requireActual('@/stores/booking-location');
});

it('loads the add rules once the page is idle, before any tap, so that the first tap does not wait for them', async () => {
  jest.useFakeTimers();
  const stores = createAppStores({ location: 1 });
  const wax = allServiceItems().find((item) => item.gen === 0 && item.svcType === 1)!;
  render(
    <StoresProvider stores={stores}>
      <ServiceActionsClient service={{ id: wax.id, areaId: wax.areaId, svcTypeId: wax.svcType, gen: 0 }} serviceName={wax.name} />
    </StoresProvider>,
  );
  expect(mockAddRulesLoaded).not.toHaveBeenCalled();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(300);
  });
  expect(mockAddRulesLoaded).toHaveBeenCalledTimes(1);

  jest.useRealTimers();
  await userEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax.name}` }));
  await screen.findByRole('button', { name: `Added to booking: ${wax.name}, tap to remove` });
  expect(cardServiceCount(stores.card.getState().card)).toBe(1);
  expect(mockAddRulesLoaded).toHaveBeenCalledTimes(1);
});
