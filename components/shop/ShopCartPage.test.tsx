/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ShopCartLines } from './ShopCartPage';

const line = (pvId: string, title: string) => ({ pvId, title, price: 81, original: 90, offered: true });
const two = [line('a', 'Eyebrows Wax, 3 sessions'), line('b', 'Upper Lip Wax, 3 sessions')];

describe('the cart page list', () => {
  it('after CHECK OUT refused several items, the one-item note is the alert, not a second box saying it again', () => {
    render(<ShopCartLines lines={two} refusal="One item allowed only!" />);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('One item allowed only! Remove all but the one to buy now, then check out.');
  });

  it('another refusal is its own alert; a cart of one has no note', () => {
    render(<ShopCartLines lines={[two[0]!]} refusal="The shop cannot be reached right now." />);
    expect(screen.getByRole('alert')).toHaveTextContent('The shop cannot be reached right now.');
    expect(screen.queryByText(/Remove all but the one/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Eyebrows Wax, 3 sessions' })).toBeInTheDocument();
  });

  it('asks whether to replace the cart with the offer Buy posted, by a form, or to keep the cart', () => {
    render(<ShopCartLines lines={[two[0]!]} offer={two[1]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('One item allowed only! Your shopping cart holds Eyebrows Wax, 3 sessions. Replace it with Upper Lip Wax, 3 sessions?');
    const replace = screen.getByRole('button', { name: 'Replace with Upper Lip Wax, 3 sessions' });
    const form = replace.closest('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/cart/add/']);
    expect(Object.fromEntries(new FormData(form))).toEqual({ item: 'b', replace: '1' });
    expect(screen.getByRole('link', { name: 'Keep my cart' })).toHaveAttribute('href', '/cart/');
  });
});
