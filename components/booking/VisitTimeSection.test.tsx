/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import type { TimeChoices } from './build-card';
import { bookedService, bookingArea, reply, serviceSummary } from './test-support/booking-fixtures';
import type { VisitAnswer } from './visit-client';
import { VisitTimeSection, type VisitTimeSectionProps } from './VisitTimeSection';

const WAX = '11111111-1111-4111-8111-111111111111';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const DAY = '2026-12-01';
const services = { [WAX]: serviceSummary(WAX, 'Eyebrows', 1, 1, 30, 25), [FACIAL]: serviceSummary(FACIAL, 'Signature Facial', 3, 16384, 60, 150) };
const WAX_AREA = bookingArea({ area: 1, date: DAY, services: [bookedService(WAX, 1)] });
const FACIAL_AREA = bookingArea({ area: 3, therapist: 4, date: DAY, services: [bookedService(FACIAL, 16384)] });

/** One day with one visit: the wax at 10:00, then the facial at 10:30. */
const ANSWER: VisitAnswer = {
  days: [{ date: DAY, count: 1 }],
  date: DAY,
  times: [
    {
      start: `${DAY}T15:00:00.000Z`,
      time: '10:00',
      endTime: '11:30',
      part: 'morning',
      legs: [
        { areaId: 1, start: `${DAY}T15:00:00.000Z`, time: '10:00', therapistIds: [1] },
        { areaId: 3, start: `${DAY}T15:30:00.000Z`, time: '10:30', therapistIds: [4] },
      ],
    },
  ],
  timestamp: 'now',
};

function renderSection(overrides: Partial<VisitTimeSectionProps> = {}) {
  globalThis.fetch = jest.fn(async () => reply(200, ANSWER)) as unknown as typeof fetch;
  const props: VisitTimeSectionProps = {
    areas: [WAX_AREA, FACIAL_AREA],
    location: '1',
    services,
    times: {},
    visitDate: undefined,
    today: DAY,
    lastDay: '2027-05-30',
    disabled: false,
    onChoose: jest.fn(),
    onEachTime: jest.fn(),
    ...overrides,
  };
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <VisitTimeSection {...props} />
    </SWRConfig>,
  );
  return props;
}

describe('VisitTimeSection', () => {
  it('several areas: one time for the whole visit, naming the order they follow each other in', async () => {
    renderSection();
    const section = screen.getByRole('region', { name: 'One time for your whole visit' });
    expect(section).toHaveTextContent('Your services follow each other: Hair Removal, then Skincare.');
    expect(await within(section).findByRole('radio', { name: '10:00 AM' })).not.toBeChecked();
  });

  it('one area: just the day and time', async () => {
    renderSection({ areas: [FACIAL_AREA] });
    const section = screen.getByRole('region', { name: 'Day and time' });
    expect(section).not.toHaveTextContent('follow each other');
    expect(await within(section).findByRole('radio', { name: '10:00 AM' })).toBeInTheDocument();
  });

  it('shows a visit as chosen only when every area has that leg’s time on that day', async () => {
    const chained: TimeChoices = { 1: { therapist: 0, date: DAY, time: '10:00' }, 3: { therapist: 4, date: DAY, time: '10:30' } };
    renderSection({ times: chained, visitDate: DAY });
    expect(await screen.findByRole('radio', { name: '10:00 AM' })).toBeChecked();
  });

  it('a visit whose second leg has another time is not the chosen one', async () => {
    const apart: TimeChoices = { 1: { therapist: 0, date: DAY, time: '10:00' }, 3: { therapist: 4, date: DAY, time: '11:00' } };
    const props = renderSection({ times: apart, visitDate: DAY });
    expect(await screen.findByRole('radio', { name: '10:00 AM' })).not.toBeChecked();
    // The chosen visit is no longer offered: the page is told to drop it, and the customer why.
    expect(props.onChoose).toHaveBeenCalledWith(DAY, undefined);
    expect(screen.getByText('The time you had chosen is no longer free. Please choose another time.')).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('radio', { name: '10:00 AM' }));
    expect(screen.queryByText(/no longer free/)).not.toBeInTheDocument();
  });

  it('on arrival, with the first days full, the first day with a free time is chosen: its times show without a tap on the strip', async () => {
    const LATER = '2026-12-03';
    const days = [
      { date: DAY, count: 0 },
      { date: '2026-12-02', count: 0 },
      { date: LATER, count: 1 },
    ];
    globalThis.fetch = jest.fn(async (url: string) =>
      new URL(url, 'http://x').searchParams.get('date') === LATER ? reply(200, { ...ANSWER, days, date: LATER }) : reply(200, { ...ANSWER, days, times: [] }),
    ) as unknown as typeof fetch;
    // The full first day offers the waitlist, which reads the stores.
    render(
      <StoresProvider stores={createAppStores()}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <VisitTimeSection
            areas={[WAX_AREA, FACIAL_AREA]}
            location="1"
            services={services}
            times={{}}
            visitDate={undefined}
            today={DAY}
            lastDay="2027-05-30"
            disabled={false}
            onChoose={jest.fn()}
            onEachTime={jest.fn()}
          />
        </SWRConfig>
      </StoresProvider>,
    );
    expect(await screen.findByRole('radio', { name: '10:00 AM' })).toBeInTheDocument();
    const strip = screen.getByRole('group', { name: 'Day of your visit' });
    expect(within(strip).getByRole('button', { pressed: true })).toHaveAccessibleName(/^Thu 3 Dec: /);
  });

  it('offers a time per service instead', async () => {
    const props = renderSection();
    await screen.findByRole('radio', { name: '10:00 AM' });
    await userEvent.click(screen.getByRole('button', { name: 'Choose times per service' }));
    expect(props.onEachTime).toHaveBeenCalledTimes(1);
  });
});
