/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { OfferHowItWorks } from './OfferHowItWorks';

describe('OfferHowItWorks', () => {
  it('says once, on a package page, what every package description used to repeat', () => {
    render(<OfferHowItWorks kind="package" />);
    const section = screen.getByRole('region', { name: 'How packages work' });
    expect(section).toHaveTextContent('Book each session online whenever it suits you, once the package is in your account.');
    expect(section).toHaveTextContent('Use your sessions at any of our locations that offer the service.');
    expect(screen.getByRole('link', { name: 'sales and refunds policy' })).toHaveAttribute('href', expect.stringMatching(/^\/sales-and-refunds\/?$/));
  });

  it('speaks of services on a bundle page', () => {
    render(<OfferHowItWorks kind="bundle" />);
    const section = screen.getByRole('region', { name: 'How bundles work' });
    expect(section).toHaveTextContent('Buy the bundle online; its services are added to your account.');
    expect(section).toHaveTextContent('Book each service online whenever it suits you, once the bundle is in your account.');
  });
});
