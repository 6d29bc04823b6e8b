/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { SubscriptionResult } from './SubscriptionResult';

describe('SubscriptionResult', () => {
  it.each([
    ['subscribed', 'Subscribed successfully!'],
    ['already', 'Already been subscribed!'],
    ['failed', 'Failed to subscribe!'],
    ['<script>', 'Failed to subscribe!'],
    ['', 'Failed to subscribe!'],
  ])('?result=%s reads "%s"', (result, message) => {
    render(<SubscriptionResult result={result} />);
    expect(screen.getByRole('status')).toHaveTextContent(message);
  });

  it('opened without a result, says how to subscribe instead of a failure', () => {
    render(<SubscriptionResult />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText(/Enter your e-mail address under Receive Offers on the home page/)).toBeInTheDocument();
  });
});
