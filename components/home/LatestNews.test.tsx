/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { resetCatalogSnapshot, seedSnapshot, setCatalogSnapshot } from '@/lib/catalog/snapshot';
import { LatestNews } from './LatestNews';

afterEach(resetCatalogSnapshot);

describe("the home page's Latest News", () => {
  it("is the seed's published cards until the owner changes them: not the spring sale in November", () => {
    render(<LatestNews />);
    const cards = within(screen.getByRole('region', { name: 'Latest News' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Sugaring now at SoHo', 'Brow lamination in Nolita']);
  });

  it("shows the owner's cards in the snapshot's order, each linked, with the illustration its link names", () => {
    setCatalogSnapshot({
      ...seedSnapshot(),
      version: 7,
      news: [
        { id: 9, title: 'Gift cards', body: 'Give smooth skin.', link: 'https://shop.example.com/gift-cards', photoId: null },
        { id: 4, title: 'Tattoo removal in Midtown', body: 'Fewer sessions.', link: '/services/womens-laser-tattoo-removal/', photoId: null },
        { id: 5, title: 'Open on Sundays', body: 'Every location.', link: '', photoId: null },
      ],
    });
    const { container } = render(<LatestNews />);
    const cards = within(screen.getByRole('region', { name: 'Latest News' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Gift cards', 'Tattoo removal in Midtown', 'Open on Sundays']);
    expect(screen.getByRole('link', { name: 'Gift cards' })).toHaveAttribute('href', 'https://shop.example.com/gift-cards');
    expect(screen.getByRole('link', { name: 'Tattoo removal in Midtown' })).toHaveAttribute('href', '/services/womens-laser-tattoo-removal/');
    expect(within(cards[2]!).queryByRole('link')).toBeNull();
    expect(screen.getByText('Fewer sessions.')).toBeInTheDocument();
    const pictures = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(pictures).toEqual(['/images/illustrations/packages.svg', '/images/illustrations/laser-tattoo-removal.svg', '/images/illustrations/packages.svg']);
  });

  it('is left out when no card is published', () => {
    setCatalogSnapshot({ ...seedSnapshot(), version: 8, news: [] });
    render(<LatestNews />);
    expect(screen.queryByRole('heading', { name: 'Latest News' })).toBeNull();
  });
});
