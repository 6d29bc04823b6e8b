/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { chipLink } from './chip-link';
import { MenuNav } from './MenuNav';

const nav = (name: string) => within(screen.getByRole('navigation', { name }));
const current = (name: string) => nav(name).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);

describe('<MenuNav>', () => {
  it("marks the page in view in each row: the gender, the tab and SoHo when the menu names no location", () => {
    render(<MenuNav gender={0} tabId={0} currentSegment="womens-wax" />);
    expect(current('Women or men')).toEqual(['Women']);
    expect(current('Service categories')).toEqual(['Waxing']);
    expect(current('Locations')).toEqual(['SoHo']);
    expect(nav('Women or men').getByRole('link', { name: 'Men' })).toHaveAttribute('href', '/services/mens-wax/');
    expect(nav('Service categories').getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/services/favorites/');
    expect(nav('Locations').getByRole('link', { name: 'Midtown' })).toHaveAttribute('href', '/midtown/services/womens-wax/');
    expect(nav('Locations').getByRole('list')).toHaveTextContent(/^Location:SoHoMidtownWilliamsburgNolita$/);
  });

  it("keeps a location's links in that location, and on favourites marks Favorites only", () => {
    render(<MenuNav gender={0} locationSlug="midtown" currentSegment="favorites" favoritesActive />);
    expect(current('Women or men')).toEqual([]);
    expect(current('Service categories')).toEqual(['Favorites']);
    expect(current('Locations')).toEqual(['Midtown']);
    expect(nav('Service categories').getByRole('link', { name: 'Waxing' })).toHaveAttribute('href', '/midtown/services/womens-wax/');
  });
});

describe('chipLink', () => {
  it('leaves the flags out of a plain link, so the payload carries two fields', () => {
    expect(chipLink('/a/', 'A')).toEqual(['/a/', 'A']);
    expect(chipLink('/a/', 'A', { current: true })).toEqual(['/a/', 'A', 1]);
    expect(chipLink('/a/', 'A', { prefetch: false })).toEqual(['/a/', 'A', 2]);
    expect(chipLink('/a/', 'A', { current: true, prefetch: false })).toEqual(['/a/', 'A', 3]);
  });
});
