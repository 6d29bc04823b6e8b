/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookingHead } from './BookingHead';
import type { CustomerSummary } from './booking-types';

const ANA: CustomerSummary = { id: '55555555-5555-4555-8555-555555555555', name: 'Ana Caller', email: 'ana@example.com', packages: [], hasPatchTest: false };

describe('BookingHead', () => {
  it('a visitor is told the times are New York time, and for no one', () => {
    render(<BookingHead location={1} bookable={[1, 2, 4]} customer={null} backOffice={false} onLocation={jest.fn()} />);
    expect(screen.getByText('Times are New York time.')).toBeInTheDocument();
    expect(screen.queryByText(/Booking (as|for)/)).not.toBeInTheDocument();
  });

  it('a customer books as themselves', () => {
    render(<BookingHead location={1} bookable={[1, 2, 4]} customer={ANA} backOffice={false} onLocation={jest.fn()} />);
    expect(screen.getByText(/Booking as/)).toHaveTextContent(/^Booking as Ana Caller\. Times are New York time\.$/);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('the desk books for the customer, linked to their page, and is warned when no confirmation mail can go out', () => {
    const { rerender } = render(<BookingHead location={1} bookable={[1, 2, 4]} customer={ANA} backOffice onLocation={jest.fn()} />);
    expect(screen.getByText(/Booking for/)).toHaveTextContent(/^Booking for Ana Caller$/);
    expect(screen.getByRole('link', { name: 'Ana Caller' })).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/desk/customers/${ANA.id}/?$`)));
    expect(screen.queryByText(/Booking as/)).not.toBeInTheDocument();
    rerender(<BookingHead location={1} bookable={[1, 2, 4]} customer={{ ...ANA, email: '' }} backOffice onLocation={jest.fn()} />);
    expect(screen.getByText(/Booking for/)).toHaveTextContent(/^Booking for Ana Caller \(no e-mail address: no confirmation mail\)$/);
  });

  it('marks the current location and moves to the one pressed', async () => {
    const onLocation = jest.fn();
    render(<BookingHead location={1} bookable={[1, 2, 4]} customer={null} backOffice={false} onLocation={onLocation} />);
    expect(screen.getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Nolita' }));
    expect(onLocation).toHaveBeenCalledWith(4);
  });
});
