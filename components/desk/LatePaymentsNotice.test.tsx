/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { LatePaymentsNotice } from './LatePaymentsNotice';

describe("the desk's notice of deposits paid too late", () => {
  it('names the customer, the phone, what and when they had chosen, and that the payment is their credit', () => {
    render(
      <LatePaymentsNotice
        payments={[
          { depositId: 'd1', customerId: 'c1', customerName: 'Ana Lima', customerPhone: '2125550123', paidCents: 10000, time: '14:30', services: ['Microblading'], creditedAt: new Date() },
        ]}
      />,
    );
    const notice = screen.getByRole('region', { name: 'Deposits paid too late: not booked' });
    expect(notice).toHaveTextContent(
      'Ana Lima paid a $100.00 deposit for Microblading at 2:30 PM, but the times were gone when the payment arrived: nothing is booked, and the $100.00 is their account credit (they were mailed). Phone: (212) 555-0123.',
    );
    expect(screen.getByRole('link', { name: 'Ana Lima' })).toHaveAttribute('href', '/desk/customers/c1/');
  });

  it('is not there when there are none', () => {
    const { container } = render(<LatePaymentsNotice payments={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
