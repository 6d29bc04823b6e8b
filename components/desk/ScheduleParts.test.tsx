/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { AffectedAppointments } from './ScheduleParts';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), prefetch: jest.fn() }) }));

describe('<AffectedAppointments>', () => {
  it('links each appointment to move to its visit page, in the desk’s 12-hour times and written dates', () => {
    render(
      <AffectedAppointments
        heading="Inside the time off"
        items={[
          {
            id: '00000000-0000-4000-8000-0000000000a1',
            bookingId: 'b1',
            customerId: 'c1',
            customerName: 'Alice Alpha',
            customerEmail: 'alice@example.com',
            customerPhone: null,
            location: 'Midtown',
            area: 'Hair Removal',
            therapistName: 'Jasmine Patel',
            localStart: '2026-11-27 12:00',
            localEnd: '2026-11-27 12:15',
          },
        ]}
      />,
    );
    const link = screen.getByRole('link', { name: 'Friday, November 27 at 12:00 PM to 12:15 PM' });
    expect(link).toHaveAttribute('href', '/desk/appointments/00000000-0000-4000-8000-0000000000a1/');
    expect(link.closest('li')).toHaveTextContent('Alice Alpha (alice@example.com), Hair Removal with Jasmine Patel at Midtown');
  });

  it('gives the phone to call, as a tel: link, for a customer with a phone and no address', () => {
    render(
      <AffectedAppointments
        heading="Inside the time off"
        items={[
          {
            id: '00000000-0000-4000-8000-0000000000b2',
            bookingId: 'b2',
            customerId: 'c2',
            customerName: 'Pat Phone',
            customerEmail: null,
            customerPhone: '6465550123',
            location: 'SoHo',
            area: 'Hair Removal',
            therapistName: 'Anna Kowalski',
            localStart: '2026-12-02 14:00',
            localEnd: '2026-12-02 14:30',
          },
        ]}
      />,
    );
    const phone = screen.getByRole('link', { name: '(646) 555-0123' });
    expect(phone).toHaveAttribute('href', 'tel:6465550123');
    expect(phone.closest('li')).toHaveTextContent('Pat Phone, (646) 555-0123, Hair Removal with Anna Kowalski at SoHo');
  });
});
