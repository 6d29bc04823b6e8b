/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingCard } from '@/lib/booking/card';
import type { PatchTestSuggestion } from './booking-types';
import { PatchTestSuggestions } from './PatchTestSuggestions';
import { bookedService, bookingCard, serviceSummary } from './test-support/booking-fixtures';

const UNDERARM = '11111111-1111-4111-8111-111111111111';
const LEGS = '22222222-2222-4222-8222-222222222222';
const UPPER_PATCH = '77777777-7777-4777-8777-777777777777';
const LOWER_PATCH = '88888888-8888-4888-8888-888888888888';

const suggestions: PatchTestSuggestion[] = [
  { laserServiceId: UNDERARM, laserName: 'Underarm', patch: serviceSummary(UPPER_PATCH, 'Upper Body', 1, 4096, 15, 0) },
  { laserServiceId: LEGS, laserName: 'Full Legs', patch: serviceSummary(LOWER_PATCH, 'Lower Body', 1, 4096, 15, 0) },
];

function cardWith(...ids: string[]): BookingCard {
  return bookingCard([{ area: 1, services: ids.map((id) => bookedService(id, 4)) }]);
}

const aside = () => screen.queryByRole('complementary', { name: 'A patch test comes first' });

describe('PatchTestSuggestions', () => {
  it('offers each free patch test with the laser service it is for', () => {
    render(<PatchTestSuggestions suggestions={suggestions} card={cardWith(UNDERARM, LEGS)} onAdd={jest.fn()} />);
    expect(within(aside()!).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'Upper Body patch test, for Underarm (15 min, free)',
      'Lower Body patch test, for Full Legs (15 min, free)',
    ]);
  });

  it('leaves out a patch test already in the cart, and shows nothing once all are', () => {
    const { rerender } = render(<PatchTestSuggestions suggestions={suggestions} card={cardWith(UNDERARM, LEGS, UPPER_PATCH)} onAdd={jest.fn()} />);
    expect(within(aside()!).queryByRole('button', { name: 'Add the free Upper Body patch test' })).not.toBeInTheDocument();
    expect(within(aside()!).getByRole('button', { name: 'Add the free Lower Body patch test' })).toBeInTheDocument();
    rerender(<PatchTestSuggestions suggestions={suggestions} card={cardWith(UNDERARM, LEGS, UPPER_PATCH, LOWER_PATCH)} onAdd={jest.fn()} />);
    expect(aside()).not.toBeInTheDocument();
  });

  it('shows nothing without suggestions (no laser service, or a patch test on record)', () => {
    const { container } = render(<PatchTestSuggestions suggestions={[]} card={cardWith(UNDERARM)} onAdd={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('adds the chosen patch test', async () => {
    const onAdd = jest.fn();
    render(<PatchTestSuggestions suggestions={suggestions} card={cardWith(UNDERARM, LEGS)} onAdd={onAdd} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add the free Lower Body patch test' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd).toHaveBeenCalledWith(suggestions[1]!.patch);
  });
});
