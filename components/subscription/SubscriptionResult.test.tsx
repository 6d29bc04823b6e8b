/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { SubscriptionResult } from './SubscriptionResult';

describe('SubscriptionResult', () => {
  it.each([
    ['subscribed', 'Subscribed successfully!'],
    ['already', 'Already been subscribed!'],
    ['failed', 'Failed to subscribe!'],
    ['<script>', 'Failed to subscribe!'],
    [undefined, 'Failed to subscribe!'],
  ])('?result=%s reads "%s"', (result, message) => {
    render(<SubscriptionResult result={result} />);
    expect(screen.getByRole('status')).toHaveTextContent(message);
  });
});
