/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaSection, type AreaSectionProps } from './AreaSection';
import type { OwnedPackageSummary } from './booking-types';
import { bookedService, bookingArea, serviceSummary } from './test-support/booking-fixtures';

const FACIAL = '33333333-3333-4333-8333-333333333333';
const PEEL = '34343434-3434-4343-8343-343434343434';
const GONE = '99999999-9999-4999-8999-999999999999';
const PKG = '44444444-4444-4444-8444-444444444444';

const services = { [FACIAL]: serviceSummary(FACIAL, 'Signature Facial', 3, 16384, 60, 150), [PEEL]: serviceSummary(PEEL, 'Brightening Peel', 3, 16384, 15, 0) };
const area = (...ids: string[]) => bookingArea({ area: 3, therapist: 4, services: ids.map((id) => bookedService(id, 16384)) });
const facialPackage = (sessionsLeft: number | null): OwnedPackageSummary => ({ pkgId: PKG, serviceId: FACIAL, title: 'Signature Facial x3', sessionsLeft });

function renderArea(overrides: Partial<AreaSectionProps> = {}) {
  const props: AreaSectionProps = {
    area: area(FACIAL, PEEL),
    location: '1',
    services,
    covered: new Map(),
    therapists: [
      { id: 0, name: 'Any Therapists' },
      { id: 4, name: 'Grace Kim' },
    ],
    time: undefined,
    today: '2026-11-23',
    lastDay: '2027-05-22',
    note: '',
    disabled: false,
    // The day and time are the visit's here, so no time lookup runs.
    therapistOnly: true,
    onRemove: jest.fn(),
    onTherapist: jest.fn(),
    onDate: jest.fn(),
    onTime: jest.fn(),
    onNote: jest.fn(),
    ...overrides,
  };
  render(<AreaSection {...props} />);
  return props;
}

const rowOf = (text: string) => screen.getByText(text).closest('li')!;

describe('AreaSection', () => {
  it('is a region named after the area, listing each service with its duration and price, a free one as Free', () => {
    renderArea();
    const region = screen.getByRole('region', { name: 'Skincare' });
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Signature Facial · 60 min$150Remove', 'Brightening Peel · 15 minFreeRemove']);
  });

  it.each([
    [1, 'Covered by your package Signature Facial x3 (1 session left)'],
    [3, 'Covered by your package Signature Facial x3 (3 sessions left)'],
    [null, 'Covered by your package Signature Facial x3'],
  ])('a line a package covers (sessions left: %p) says so instead of its price', (left, text) => {
    renderArea({ covered: new Map([[FACIAL, facialPackage(left)]]) });
    expect(rowOf('Signature Facial').textContent).toBe(`Signature Facial · 60 min${text}Remove`);
  });

  it('a service the page does not know yet shows as Service, without price, and can still be removed', async () => {
    const props = renderArea({ area: area(GONE) });
    expect(screen.getByRole('listitem')).toHaveTextContent(/^ServiceRemove$/);
    await userEvent.click(screen.getByRole('button', { name: 'Remove this service' }));
    expect(props.onRemove).toHaveBeenCalledWith(GONE);
  });

  it('Remove names its service and removes that line', async () => {
    const props = renderArea();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Brightening Peel' }));
    expect(props.onRemove).toHaveBeenCalledWith(PEEL);
  });

  it('has the area therapist choice and a note of up to 500 characters, each labelled with the area', async () => {
    const props = renderArea({ note: 'Sensitive' });
    await userEvent.selectOptions(screen.getByLabelText('Therapist for Skincare'), '0');
    expect(props.onTherapist).toHaveBeenCalledWith(0);
    const note = screen.getByLabelText('Note for Skincare (optional)');
    expect(note).toHaveValue('Sensitive');
    expect(note).toHaveAttribute('maxlength', '500');
    await userEvent.type(note, '!');
    expect(props.onNote).toHaveBeenLastCalledWith('Sensitive!');
    expect(screen.queryByLabelText('Date for Skincare')).not.toBeInTheDocument();
  });
});
