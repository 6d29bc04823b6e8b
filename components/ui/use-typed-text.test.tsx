/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { DeskServicePicker } from '@/components/booking/DeskServicePicker';
import { CustomerSearch } from '@/components/desk/CustomerSearch';
import { ServicePriceField } from '@/components/desk/menu/ServicePriceField';
import { useTypedText } from './use-typed-text';

Object.assign(globalThis, { TextEncoder, TextDecoder });
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn() }), usePathname: () => '/desk/' }));

/** The server's HTML of `ui`, `typed` into the field labelled `label` while the scripts load, then hydration. */
async function typeBeforeHydration(ui: ReactElement, label: RegExp | string, typed: string): Promise<HTMLInputElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  const field = screen.getByLabelText(label) as HTMLInputElement;
  field.value = typed;
  await act(async () => {
    hydrateRoot(container, ui);
  });
  return field;
}

afterEach(() => {
  document.body.innerHTML = '';
});

function Echo({ initial }: { initial: string }) {
  const [text, setText, field] = useTypedText(initial);
  return (
    <>
      <input ref={field} aria-label="Text" value={text} onChange={(event) => setText(event.target.value)} />
      <output>{text}</output>
    </>
  );
}

describe('useTypedText', () => {
  it('takes up what was typed into the served field before hydration', async () => {
    const field = await typeBeforeHydration(<Echo initial="70" />, 'Text', '75');
    expect(screen.getByRole('status')).toHaveTextContent(/^75$/);
    expect(field.value).toBe('75');
  });

  it("keeps the server's value when nothing was typed", async () => {
    const field = await typeBeforeHydration(<Echo initial="70" />, 'Text', '70');
    expect(screen.getByRole('status')).toHaveTextContent(/^70$/);
    expect(field.value).toBe('70');
  });
});

describe('fields the desk may type into before the scripts have loaded', () => {
  it("the booking page's service search lists what matches the typed name", async () => {
    const wax = { id: 'w1', name: 'Eyebrows', areaId: 1, svcType: 1, gen: 0 as const, duration: 15, shownDuration: '15 min', shownMinutes: 15, price: 20, onlineAt: [1] };
    const ui = <DeskServicePicker options={[{ id: 'w1', label: 'Women · Wax', at: [1] }]} services={{ w1: wax }} onAdd={() => {}} disabled={false} />;
    await typeBeforeHydration(ui, /^Service name/, 'eyeb');
    expect(screen.getByRole('button', { name: 'Add Eyebrows (Women · Wax)' })).toBeInTheDocument();
  });

  it('the customer search looks up the typed name', async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ customers: [], more: false }) });
    Object.assign(globalThis, { fetch: fetchMock });
    await typeBeforeHydration(<CustomerSearch action="/desk/customers/" mode="customer" slotQuery="" query="" results={null} />, 'Name, e-mail or phone', 'carla');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/desk/customers/?q=carla', expect.anything()));
  });

  it("the owner's new price shows in the packages' prices", async () => {
    const offers = [{ id: 'x3', name: 'Brazilian Wax, 3 sessions', sessions: 3, discountPercent: 15, fullPrice: false, otherUnits: [], price: 191.25 }];
    await typeBeforeHydration(<ServicePriceField defaultValue="75" offers={offers} />, 'Price (USD)', '80');
    expect(screen.getByText(/^Brazilian Wax, 3 sessions:/)).toHaveTextContent('Brazilian Wax, 3 sessions: $204.00 (now $191.25)');
  });
});
