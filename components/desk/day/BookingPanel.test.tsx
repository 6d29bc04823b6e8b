/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { parseDateInLocationTz, utcMsToLocal } from '@/lib/booking/dates';
import { shapeDay } from '@/lib/desk/day-shape';
import { minuteOf, nextQuarterHour, type DeskServicesAnswer } from '@/lib/desk/desk-booking';
import { createAppStores } from '@/stores/create-stores';
import { useDeskDay } from '@/stores/desk-day';
import { StoresProvider } from '@/stores/provider';
import { BookingPanel } from './BookingPanel';

jest.mock('next/link', () => ({
  __esModule: true,
  default: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const WAX = { id: '11111111-1111-4111-8111-111111111111', name: 'Brazilian', kind: 'Wax', areaId: 1, svcType: 1, gen: 0 as const, duration: 30, price: 60 };
const SERVICES: DeskServicesAnswer = { location: 1, areas: [{ id: 1, name: 'Hair Removal', services: [WAX] }] };
const CUSTOMER = { id: '22222222-2222-4222-8222-222222222222', name: 'Nina Caller', email: 'nina@example.com', phone: null };

function dayOf(date: string) {
  return shapeDay({
    location: { id: 1, slug: 'soho', name: 'SoHo' },
    date: parseDateInLocationTz(date)!,
    hours: { open: 0, close: 24 * 60 - 15 },
    roster: [{ therapistId: 7, startMinute: 0, endMinute: 24 * 60 - 15 }],
    appointments: [],
    therapistName: () => 'Maria Lopez',
    now: Date.parse('2020-01-01T00:00:00Z'),
  });
}

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
const calls: { url: string; method: string; body?: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  answers = {};
  useDeskDay.setState({ selection: null, draft: [], pending: {} });
  if (!globalThis.crypto?.randomUUID) Object.defineProperty(globalThis, 'crypto', { value: { randomUUID: () => 'key-12345678' }, configurable: true });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const key = Object.keys(answers).find((k) => url.startsWith(k.split(' ')[1]!) && k.startsWith(method));
    const answer = key ? answers[key]! : url.startsWith('/api/desk/services/') ? { status: 200, body: SERVICES } : { status: 404, body: { error: { message: 'No mock.' } } };
    // jsdom has no Response: what the panel reads of one.
    return { ok: answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  }) as typeof fetch;
});

function visitsAt(date: string, time: string) {
  const start = `${date}T${time}:00Z`;
  return { status: 200, body: { times: [{ start, time, end: start, endTime: time, part: 'afternoon', legs: [{ areaId: 1, start, time, end: start, therapistIds: [7] }] }] } };
}

function renderPanel(selection: { therapistId?: number; time?: string; walkIn?: boolean }, date: string) {
  const stores = createAppStores();
  const full = { kind: 'book' as const, ...selection };
  useDeskDay.setState({ selection: full });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StoresProvider stores={stores}>
        <BookingPanel day={dayOf(date)} selection={full} />
      </StoresProvider>
    </SWRConfig>,
  );
  return stores;
}

async function addWax() {
  fireEvent.click(await screen.findByRole('button', { name: 'Hair Removal' }));
  fireEvent.click(screen.getByRole('button', { name: /^Brazilian Wax 30 min/ }));
}

describe('the booking panel', () => {
  it('books a walk-in by name only through /api/desk/walk-ins/, draws it first, then closes with the sentence', async () => {
    // The next quarter hour, as the engine would offer it: the panel asks for now.
    const next = utcMsToLocal(nextQuarterHour(Date.now()));
    const [today, at] = [next.slice(0, 10), next.slice(11)];
    answers['GET /api/visits/soho/'] = visitsAt(today, at);
    answers['POST /api/desk/walk-ins/'] = { status: 201, body: { sentence: 'Walk-in booked and checked in: Wendy at 11:45 PM with Maria Lopez.' } };
    const stores = renderPanel({ walkIn: true }, today);
    fireEvent.click(screen.getByRole('button', { name: 'New walk-in' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Wendy' } });
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    await addWax();
    await waitFor(() => expect(useDeskDay.getState().draft).toEqual([{ therapistId: 7, startMinute: minuteOf(at), endMinute: minuteOf(at) + 30, label: 'New: Brazilian' }]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book and check in' })));
    await waitFor(() => expect(useDeskDay.getState().selection).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({ url: '/api/desk/walk-ins/', method: 'POST', body: { location: 'soho', customer: { name: 'Wendy', phone: '' }, services: [WAX.id] } });
    expect(calls.some((c) => c.url.startsWith('/api/appointments/bof/'))).toBe(false);
    expect(stores.ui.getState().notices.map((n) => n.message)).toEqual(['Walk-in booked and checked in: Wendy at 11:45 PM with Maria Lopez.']);
  });

  it("books a new caller through the back office after creating them; a taken time keeps the panel open with the server's sentence", async () => {
    answers['GET /api/visits/soho/'] = visitsAt('2031-03-04', '13:00');
    answers['POST /api/desk/customers/'] = { status: 201, body: CUSTOMER };
    answers['POST /api/appointments/bof/'] = { status: 416, body: { error: { message: 'Sorry, that time was just booked. Please choose another time.' } } };
    renderPanel({ therapistId: 7, time: '13:00' }, '2031-03-04');
    fireEvent.click(screen.getByRole('button', { name: 'New customer' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nina Caller' } });
    const book = screen.getByRole('button', { name: 'Book' });
    await addWax();
    await screen.findByText(/Brazilian with Maria Lopez/);
    // A name alone is not enough for a booking: a phone or an e-mail address.
    expect(book).toBeDisabled();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nina@example.com' } });
    await act(async () => fireEvent.click(book));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, that time was just booked. Please choose another time.');
    const bof = calls.find((c) => c.url.startsWith('/api/appointments/bof/'))!;
    expect(bof.url).toBe(`/api/appointments/bof/${CUSTOMER.id}/`);
    expect(bof.body).toMatchObject({ header: { location: '1' }, svcAreas: [{ areaId: 1, svcTherapist: 7, svcDate: '2031-03-04T13:00:00Z' }] });
    expect(useDeskDay.getState().selection).not.toBeNull();
    // The customer was saved: a second BOOK books for them instead of creating another.
    expect(screen.getByText('Nina Caller')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book' })));
    expect(calls.filter((c) => c.url === '/api/desk/customers/' && c.method === 'POST')).toHaveLength(1);
  });

  it('another gap tapped with the panel open moves the booking to it, keeping the customer and the services', async () => {
    const [eleven, four] = [visitsAt('2031-03-04', '11:00'), visitsAt('2031-03-04', '16:00')];
    answers['GET /api/visits/soho/'] = { status: 200, body: { times: [...eleven.body.times, ...four.body.times] } };
    answers['POST /api/appointments/bof/'] = { status: 201, body: {} };
    const stores = createAppStores();
    useDeskDay.setState({ selection: { kind: 'book', therapistId: 7, time: '11:00' } });
    // As DaySide does: the panel follows the store's selection.
    function Side() {
      const selection = useDeskDay((s) => s.selection);
      return selection?.kind === 'book' ? <BookingPanel day={dayOf('2031-03-04')} selection={selection} /> : null;
    }
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <StoresProvider stores={stores}>
          <Side />
        </StoresProvider>
      </SWRConfig>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'New customer' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nina Caller' } });
    await addWax();
    await screen.findByText(/^11:00 AM–/);
    act(() => useDeskDay.getState().select({ kind: 'book', therapistId: 7, time: '16:00' }));
    expect(screen.getByText('From 4:00 PM with Maria Lopez.')).toBeInTheDocument();
    expect(await screen.findByText(/^4:00 PM–/)).toBeInTheDocument();
    expect(screen.queryByText(/^11:00 AM–/)).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('Nina Caller');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nina@example.com' } });
    answers['POST /api/desk/customers/'] = { status: 201, body: CUSTOMER };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book' })));
    await waitFor(() => expect(useDeskDay.getState().selection).toBeNull());
    expect(calls.find((c) => c.url.startsWith('/api/appointments/bof/'))!.body).toMatchObject({ svcAreas: [{ areaId: 1, svcTherapist: 7, svcDate: '2031-03-04T16:00:00Z' }] });
    expect(stores.ui.getState().notices.map((n) => n.message)).toEqual([expect.stringContaining('4:00 PM')]);
  });

  it('an e-mail that has an account picks that customer and asks to press Book again', async () => {
    answers['GET /api/visits/soho/'] = visitsAt('2031-03-04', '13:00');
    answers['POST /api/desk/customers/'] = { status: 409, body: { error: { message: 'A customer with this e-mail address already exists.' }, customer: CUSTOMER } };
    renderPanel({ therapistId: 7, time: '13:00' }, '2031-03-04');
    fireEvent.click(screen.getByRole('button', { name: 'New customer' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nina C' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nina@example.com' } });
    await addWax();
    await screen.findByText(/Brazilian with Maria Lopez/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nina Caller already has an account with this e-mail address: check the details, then press Book again.');
    expect(calls.some((c) => c.url.startsWith('/api/appointments/bof/'))).toBe(false);
  });
});
