/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hoursTableOf } from '@/lib/catalog/hours';
import { startTimes, VisitActions, type VisitActionsProps } from './VisitActions';
import { DESK_TIME_TAKEN } from './visit-form-names';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
// The forms' server action (what the browser posts without scripts): visit-actions.test.ts.
jest.mock('./visit-actions', () => ({ changeVisitAction: jest.fn() }));

const props: VisitActionsProps = {
  id: '00000000-0000-4000-8000-000000000001',
  booked: true,
  marked: false,
  attendance: [],
  date: '2031-03-04',
  time: '11:00',
  minutes: 30,
  therapistId: 1,
  therapists: [{ id: 1, name: 'Maria Lopez' }],
  started: false,
  mailed: true,
  hours: hoursTableOf(1),
};

describe('<VisitActions>', () => {
  it('promises the customer an e-mail about a move or a cancellation only when they have an address', () => {
    const { rerender } = render(<VisitActions {...props} />);
    expect(screen.getByText('The customer gets an e-mail with the new time and a calendar update.')).toBeInTheDocument();
    expect(screen.getByText(/They get an e-mail\.$/)).toBeInTheDocument();
    rerender(<VisitActions {...props} mailed={false} />);
    expect(screen.getByText('The customer has no e-mail address: tell them the new time.')).toBeInTheDocument();
    expect(screen.getByText(/They have no e-mail address: tell them\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/gets an e-mail|They get an e-mail/)).not.toBeInTheDocument();
  });
});

describe('<VisitActions> moving to a taken time', () => {
  it('says the time is taken by another appointment, not that it was just booked', async () => {
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 416, json: async () => ({ error: { message: 'Sorry, that time was just booked.' } }) })) as unknown as typeof fetch;
    render(<VisitActions {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move visit' }));
    expect(await screen.findByText(DESK_TIME_TAKEN)).toBeInTheDocument();
    expect(screen.queryByText(/just booked/)).not.toBeInTheDocument();
  });
});

describe('startTimes: the quarter hours a move may choose, by the location\'s hours of that date', () => {
  const table = { week: { ...hoursTableOf(1).week, 0: null }, special: { '2031-03-08': { open: 10 * 60, close: 22 * 60 } } };

  it('runs from opening to the last start that ends by closing', () => {
    // Tuesday 2031-03-04: 10:00 to 20:00.
    const times = startTimes('2031-03-04', 30, table);
    expect([times[0], times.at(-1), times.length]).toEqual(['10:00', '19:30', 39]);
  });

  it('follows a date\'s special hours and offers nothing on a closed weekday', () => {
    // Saturday 2031-03-08 stays open late; Sunday 2031-03-09 is closed.
    expect(startTimes('2031-03-08', 60, table).at(-1)).toBe('21:00');
    expect(startTimes('2031-03-15', 60, table).at(-1)).toBe('18:00');
    expect(startTimes('2031-03-09', 60, table)).toEqual([]);
  });
});
