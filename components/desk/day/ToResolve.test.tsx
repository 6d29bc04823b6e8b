/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeskDay } from '@/lib/desk/day-shape';
import type { ToResolveItem } from '@/lib/desk/to-resolve-rules';
import { ToResolve } from './ToResolve';

const item = (values: Partial<ToResolveItem> = {}): ToResolveItem => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  bookingId: 'b1',
  customerId: 'c1',
  customerName: 'Ann Lee',
  customerPhone: '2125550147',
  customerEmail: 'ann@example.com',
  therapistId: 1,
  therapistName: 'Maria Lopez',
  start: '14:00',
  end: '14:30',
  services: ['Half Arm'],
  conflict: 'time_off',
  free: [
    { id: 2, name: 'Anna Kowalski' },
    { id: 7, name: 'Olivia Chen' },
  ],
  notifiedAt: null,
  ...values,
});

const day = (toResolve: ToResolveItem[]) => ({ location: { id: 1, slug: 'soho', name: 'SoHo' }, date: '2031-03-04', toResolve }) as unknown as DeskDay;

function answer(status: number, body: unknown) {
  return { ok: status < 300, status, json: async () => body } as unknown as Response;
}

afterEach(() => jest.restoreAllMocks());

describe('<ToResolve>', () => {
  it('is nothing on a day with nothing to resolve', () => {
    const { container } = render(<ToResolve day={day([])} dataKey="k" />);
    expect(container).toBeEmptyDOMElement();
  });

  it("gives the customer's phone and e-mail, who is free, and reassigns to the one chosen at the same time", async () => {
    const fetchMock = jest.fn(async () => answer(200, {}));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    render(<ToResolve day={day([item()])} dataKey="k" />);
    expect(screen.getByRole('heading', { name: 'To resolve (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call (212) 555-0147' })).toHaveAttribute('href', 'tel:2125550147');
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com');
    expect(screen.getByText('Inside time off')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Free at 2:00 PM'), 'Olivia Chen');
    await userEvent.click(screen.getByRole('button', { name: "Reassign Ann Lee's visit at 2:00 PM" }));
    expect(fetchMock).toHaveBeenCalledWith('/api/desk/appointments/00000000-0000-4000-8000-0000000000a1/', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ action: 'move', date: '2031-03-04', time: '14:00', therapistId: 7 }) }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reassigned to Olivia Chen.');
  });

  it('answers with a sentence when the therapist chosen was taken meanwhile, and keeps the visit listed', async () => {
    globalThis.fetch = jest.fn(async () => answer(416, { error: { message: 'Sorry, that time was just booked. Please choose another time.' } })) as unknown as typeof fetch;
    render(<ToResolve day={day([item()])} dataKey="k" />);
    await userEvent.click(screen.getByRole('button', { name: "Reassign Ann Lee's visit at 2:00 PM" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Anna Kowalski is no longer free at 2:00 PM: the list now shows who is.');
    expect(screen.getByRole('heading', { name: 'To resolve (1)' })).toBeInTheDocument();
  });

  it('mails the customer, says when it was done, and offers no mail to a customer without an address', async () => {
    const fetchMock = jest.fn(async () => answer(200, { notifiedAt: '2031-03-01T19:05:00.000Z' }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const { rerender } = render(<ToResolve day={day([item(), item({ id: 'b', customerName: 'Pat Phone', customerEmail: null, free: [] })])} dataKey="k" />);
    await userEvent.click(screen.getByRole('button', { name: 'Mail Ann Lee to choose another time' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/desk/appointments/00000000-0000-4000-8000-0000000000a1/notify/', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Mailed ann@example.com.');
    expect(screen.queryByRole('button', { name: 'Mail Pat Phone to choose another time' })).not.toBeInTheDocument();
    expect(screen.getByText('No e-mail')).toBeInTheDocument();
    expect(screen.getByText('Nobody free does these services at 2:00 PM.')).toBeInTheDocument();
    // The next poll brings the record: 2:05 PM New York time.
    rerender(<ToResolve day={day([item({ notifiedAt: '2031-03-01T19:05:00.000Z' })])} dataKey="k" />);
    expect(screen.getByText('Mailed at 2:05 PM')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mail Ann Lee to choose another time' })).toHaveTextContent('Mail again');
  });

  it('reassign all says what moved and what is left', async () => {
    globalThis.fetch = jest.fn(async () => answer(200, { moved: 1, left: [{ id: 'b', customerName: 'Pat Phone', reason: 'nobody free is qualified' }], message: '1 visit reassigned. Still to resolve: Pat Phone (nobody free is qualified).' })) as unknown as typeof fetch;
    render(<ToResolve day={day([item(), item({ id: 'b', customerName: 'Pat Phone' })])} dataKey="k" />);
    await userEvent.click(screen.getByRole('button', { name: 'Reassign all' }));
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/desk/day/soho/2031-03-04/reassign/', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 visit reassigned. Still to resolve: Pat Phone (nobody free is qualified).');
  });
});
