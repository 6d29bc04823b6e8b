/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESK_TIME_TAKEN, VisitActions, type VisitActionsProps } from './VisitActions';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));

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
