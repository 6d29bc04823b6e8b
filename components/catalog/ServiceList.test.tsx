/** @jest-environment jsdom */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TextDecoder, TextEncoder } from 'node:util';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { allServiceItems } from '@/lib/catalog/catalog';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { serviceListRow } from './service-list-rows';
import { ServiceList } from './ServiceList';

Object.assign(globalThis, { TextEncoder, TextDecoder });
process.env.__NEXT_TRAILING_SLASH = 'true';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/services/womens-wax/' }));

const wax = allServiceItems().filter((item) => item.gen === 0 && item.svcType === 1);

describe('<ServiceList>', () => {
  it('shows each service as a row: its page, duration and price, favourite and Add; Add books it and reads Added', async () => {
    const stores = createAppStores({ location: 1 });
    render(
      <StoresProvider stores={stores}>
        <ServiceList groups={[{ key: 'bp-1', label: 'Face', rows: wax.slice(0, 3).map((item) => serviceListRow(item, 'soho')) }]} />
      </StoresProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Face' })).toHaveAttribute('id', 'bp-1');
    const [first] = wax;
    expect(screen.getByRole('link', { name: first!.name })).toHaveAttribute('href', `/soho/services/${first!.moniker}/`);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(`${first!.name}15 min · $${first!.price}`);
    await userEvent.click(screen.getByRole('button', { name: `Add to booking: ${first!.name}` }));
    expect(screen.getByRole('button', { name: `Added to booking: ${first!.name}, press to remove` })).toHaveTextContent('Added');
    expect(stores.card.getState().card.areas[0]!.services[0]).toMatchObject({ id: first!.id, sku: first!.value, minutes: first!.duration });
    const favourite = screen.getByRole('button', { name: `Favourite: ${first!.name}` });
    await userEvent.click(favourite);
    expect(favourite).toHaveAttribute('aria-pressed', 'true');
    expect(stores.favorites.getState().ids).toEqual([first!.id]);
  });

  it("leaves out a seed service's GUID, which the row derives from its SKU, and keeps one the owner's service was given", async () => {
    const stores = createAppStores({ location: 1 });
    const added = { ...wax[1]!, id: '0b6f7c3e-2a41-4d8e-9f10-5c3a7e9b1d24', value: 'WWHR999', name: 'New Wax', moniker: 'womens-new-wax' };
    const rows = [serviceListRow(wax[0]!), serviceListRow(added)];
    expect(rows.map((row) => row[0])).toEqual(['', added.id]);
    render(
      <StoresProvider stores={stores}>
        <ServiceList groups={[{ key: 'bp-1', label: 'Face', rows }]} />
      </StoresProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: `Add to booking: ${wax[0]!.name}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Favourite: New Wax' }));
    expect(stores.card.getState().card.areas[0]!.services[0]).toMatchObject({ id: wax[0]!.id, sku: wax[0]!.value });
    expect(stores.favorites.getState().ids).toEqual([added.id]);
  });

  it("draws the rows without their buttons in the server's HTML, keeping their place, and adds them at hydration", async () => {
    const stores = createAppStores({ location: 1 });
    const list = (
      <StoresProvider stores={stores}>
        <ServiceList groups={[{ key: 'bp-1', label: 'Face', rows: wax.slice(0, 2).map((item) => serviceListRow(item)) }]} />
      </StoresProvider>
    );
    const html = renderToString(list);
    expect(html).not.toContain('<button');
    expect(html.match(/<span class="svc-acts"><\/span>/g)).toHaveLength(2);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = jest.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, list);
    });
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: `Add to booking: ${wax[0]!.name}` }).parentElement).toHaveClass('svc-acts');
    expect(screen.getAllByRole('button', { name: /^Favourite: / })).toHaveLength(2);
    container.remove();
  });
});

describe('serviceListRow', () => {
  // Not wax[0]: whether a photo is in public/ is remembered per path (it is read at build time).
  const item = wax[5]!;
  const photoFile = path.join(process.cwd(), 'public', item.lg);
  afterEach(() => rmSync(photoFile, { force: true }));

  it('has no picture when the salon has not supplied a photo', () => {
    expect(serviceListRow(wax[6]!)).toHaveLength(10);
  });

  it("uses the salon's photo at the specification's path, as a small responsive thumbnail", () => {
    mkdirSync(path.dirname(photoFile), { recursive: true });
    writeFileSync(photoFile, 'jpeg');
    const photo = serviceListRow(item)[10];
    expect(item.lg).toMatch(/^\/images\/services\/wax\/women\/womens-[a-z-]+\.jpg$/);
    expect(photo?.src).toContain(`?url=${encodeURIComponent(item.lg)}&w=`);
    expect(photo?.srcSet).toMatch(/w=64&q=\d+ 1x, .*w=128&q=\d+ 2x$/);
  });
});
