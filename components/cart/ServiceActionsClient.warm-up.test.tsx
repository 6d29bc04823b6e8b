/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { allServiceItems } from '@/lib/catalog/catalog';
import { cardServiceCount } from '@/lib/booking/card';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { ServiceActionsClient } from './ServiceActionsClient';

Object.assign(globalThis, { TextEncoder, TextDecoder });
const mockAddRulesLoaded = jest.fn();
jest.mock('@/stores/booking-location', () => {
  mockAddRulesLoaded();
  return jest.requireActual('@/stores/booking-location');
});

const wax = allServiceItems().find((item) => item.gen === 0 && item.svcType === 1)!;

function renderButton() {
  const stores = createAppStores({ location: 1 });
  render(
    <StoresProvider stores={stores}>
      <ServiceActionsClient service={{ id: wax.id, areaId: wax.areaId, svcTypeId: wax.svcType, gen: 0 }} serviceName={wax.name} />
    </StoresProvider>,
  );
  return stores;
}

it('loads the add rules once the page has hydrated, before any tap; a tap then adds within its own click', async () => {
  const stores = renderButton();
  await act(async () => {
    await Promise.resolve();
  });
  expect(mockAddRulesLoaded).toHaveBeenCalledTimes(1);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  // Synchronous: a page load right after the click cannot lose the add.
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax.name}` }));
  });
  expect(cardServiceCount(stores.card.getState().card)).toBe(1);
  expect(screen.getByRole('button', { name: `Added to booking: ${wax.name}, press to remove` })).not.toHaveAttribute('aria-busy');
  expect(mockAddRulesLoaded).toHaveBeenCalledTimes(1);
});
