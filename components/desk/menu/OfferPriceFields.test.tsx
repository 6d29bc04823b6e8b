/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OfferPriceFields } from './OfferPriceFields';
import { ServicePriceField } from './ServicePriceField';

const base = { sessionChoices: [1, 2, 3, 4, 5, 6, 9], discountChoices: [10, 15, 20, 25, 30, 35, 40, 50], errors: {} };

describe('<OfferPriceFields>', () => {
  it("works out a package's price as the owner chooses its sessions, discount and full price", async () => {
    render(<OfferPriceFields {...base} kind="package" idPrefix="p" sessions={3} discount={15} fullPrice={false} unitPrice={75} />);
    const price = screen.getByTestId('p-price');
    expect(price).toHaveTextContent('Price: $191.25');
    expect(price).toHaveTextContent('3 × $75.00 = $225.00, less 15% (saves $33.75); $63.75 a session');
    await userEvent.selectOptions(screen.getByLabelText('Sessions'), '6');
    await userEvent.selectOptions(screen.getByLabelText('Discount', { exact: true }), '20');
    expect(price).toHaveTextContent('Price: $360.00');
    await userEvent.click(screen.getByLabelText(/Sell at the full price/));
    expect(price).toHaveTextContent('Price: $450.00');
    expect(price).not.toHaveTextContent('less');
    await userEvent.selectOptions(screen.getByLabelText('Discount', { exact: true }), '');
    await userEvent.click(screen.getByLabelText(/Sell at the full price/));
    expect(price).toHaveTextContent('Price: $450.00');
  });

  it("sums a bundle's chosen services and shows a field's mistake tied to it", async () => {
    const options = [
      { id: 'a', label: 'Brazilian · $75', price: 75, group: 'Waxing' },
      { id: 'b', label: 'Underarm · $25', price: 25, group: 'Waxing' },
      { id: 'c', label: 'Underarm laser · $100', price: 100, group: 'Laser Hair Removal' },
    ];
    render(<OfferPriceFields {...base} kind="bundle" idPrefix="b" sessions={1} discount={15} fullPrice={false} options={options} selected={['a', 'b', '', '']} errors={{ serviceIds: 'A bundle holds 2 to 8 services.' }} />);
    const price = screen.getByTestId('b-price');
    expect(price).toHaveTextContent('Price: $85.00');
    expect(price).toHaveTextContent('2 services: $100.00, less 15% (saves $15.00); $42.50 a service');
    await userEvent.selectOptions(screen.getByLabelText('Service 3 (optional)'), 'c');
    expect(price).toHaveTextContent('Price: $170.00');
    expect(screen.getByRole('group', { name: 'Services in the bundle' })).toHaveAccessibleDescription('A bundle holds 2 to 8 services.');
    expect(screen.getAllByRole('group', { name: 'Laser Hair Removal' })).toHaveLength(4);
  });
});

describe('<ServicePriceField>', () => {
  const offers = [
    { id: 'x3', name: 'Brazilian Wax, 3 sessions', sessions: 3, discountPercent: 15, fullPrice: false, otherUnits: [], price: 191.25 },
    { id: 'b1', name: 'Brazilian and Underarm Wax', sessions: 1, discountPercent: 15, fullPrice: false, otherUnits: [25], price: 85 },
  ];
  it("lists its packages' and bundles' prices at the price being typed, and today's for a price it cannot read", async () => {
    render(<ServicePriceField defaultValue="75" offers={offers} />);
    expect(screen.getByText(/^Brazilian Wax, 3 sessions:/)).toHaveTextContent(/^Brazilian Wax, 3 sessions: \$191\.25$/);
    const field = screen.getByLabelText('Price (USD)');
    await userEvent.clear(field);
    await userEvent.type(field, '80');
    expect(screen.getByText(/^Brazilian Wax, 3 sessions:/)).toHaveTextContent('Brazilian Wax, 3 sessions: $204.00 (now $191.25)');
    expect(screen.getByText(/^Brazilian and Underarm Wax:/)).toHaveTextContent('Brazilian and Underarm Wax: $89.25 (now $85.00)');
    for (const typed of ['-5', 'abc']) {
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      expect(screen.getByText('Its packages and bundles now:')).toBeInTheDocument();
      expect(screen.getByText(/^Brazilian Wax, 3 sessions:/)).toHaveTextContent(/^Brazilian Wax, 3 sessions: \$191\.25$/);
    }
  });
});
