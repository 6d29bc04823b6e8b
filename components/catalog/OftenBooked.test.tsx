/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, within } from '@testing-library/react';
import { allServiceItems } from '@/lib/catalog/catalog';
import { resolveCatalogPage, type ServicePage } from '@/lib/content/catalog-pages';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { OftenBooked } from './OftenBooked';

Object.assign(globalThis, { TextEncoder, TextDecoder });
process.env.__NEXT_TRAILING_SLASH = 'true';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/services/womens-brazilian-wax/' }));
const recentCoBookings = jest.fn();
jest.mock('@/lib/catalog/co-bookings', () => ({ recentCoBookings: () => recentCoBookings() }));

const page = resolveCatalogPage('womens-brazilian-wax') as ServicePage;
const facial = allServiceItems().find((item) => item.gen === 0 && item.moniker.includes('facial'))!;

async function renderFor(servicePage: ServicePage) {
  const element = await OftenBooked({ page: servicePage });
  render(<StoresProvider stores={createAppStores({ location: 1 })}>{element}</StoresProvider>);
}

describe('<OftenBooked>', () => {
  it("lists the services booked with this one first, as the menu's rows with Add, under its heading", async () => {
    recentCoBookings.mockResolvedValue({ [page.item.id]: [[facial.id, 7]] });
    await renderFor(page);
    const section = screen.getByRole('region', { name: 'Often booked with it' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByRole('link', { name: facial.name })).toHaveAttribute('href', `/services/${facial.moniker}/`);
    expect(within(rows[0]!).getByRole('button', { name: `Add to booking: ${facial.name}` })).toBeInTheDocument();
  });
});
