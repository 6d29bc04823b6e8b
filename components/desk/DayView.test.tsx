/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { parseDateInLocationTz } from '@/lib/booking/dates';
import { shapeDay, type DayAppointmentRow } from '@/lib/desk/day-shape';
import { useDeskDay } from '@/stores/desk-day';
import { DayView } from './DayView';

jest.mock('next/link', () => ({
  __esModule: true,
  default: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

// The panels load lazily on a tap; these tests are about the grid.
jest.mock('./day/DaySide', () => ({ DaySide: () => null }));

const MONDAY = parseDateInLocationTz('2027-03-01')!;

function renderDay(appointments: DayAppointmentRow[] = []) {
  return renderDayWith(appointments).day;
}

function renderDayWith(appointments: DayAppointmentRow[] = []) {
  const day = shapeDay({
    location: { id: 1, slug: 'soho', name: 'SoHo' },
    date: MONDAY,
    hours: { open: 10 * 60, close: 20 * 60 },
    roster: [{ therapistId: 7, startMinute: 10 * 60, endMinute: 19 * 60 }],
    appointments,
    therapistName: () => 'Maria Lopez',
    now: Date.parse('2027-02-01T12:00:00Z'),
  });
  const rendered = render(<DayView initial={day} hours={{ week: { 0: null, 1: { open: 600, close: 1200 }, 2: null, 3: null, 4: null, 5: null, 6: null }, special: {} }} />);
  return { day, unmount: rendered.unmount };
}

describe('the panel beside the grid', () => {
  it('closes when the day view goes (another day or location is another page): a visit panel left open said its visit was gone', () => {
    useDeskDay.setState({ selection: { kind: 'visit', appointmentId: 'a1' }, draft: [{ therapistId: 7, startMinute: 600, endMinute: 630, label: 'New' }] });
    const { unmount } = renderDayWith();
    expect(useDeskDay.getState().selection).not.toBeNull();
    unmount();
    expect(useDeskDay.getState()).toMatchObject({ selection: null, draft: [] });
  });
});

describe('the day grid’s time axis', () => {
  it('labels every hour from the opening hour, the opening hour too', () => {
    const day = renderDay();
    const labels = Array.from(document.querySelectorAll('[data-hour-label]')).map((label) => label.textContent);
    expect(day.open.startMinute).toBe(10 * 60);
    expect(labels[0]).toBe('10:00 AM');
    expect(labels[1]).toBe('11:00 AM');
    expect(labels).toHaveLength((day.open.endMinute - day.open.startMinute) / 60);
  });

  it('hangs the opening hour’s label below the top edge and centres the others on their lines', () => {
    renderDay();
    const [first, second] = Array.from(document.querySelectorAll<HTMLElement>('[data-hour-label]'));
    expect(first!.className).not.toContain('-translate-y-1/2');
    expect(second!.className).toContain('-translate-y-1/2');
    // '10:00 AM' on one line in the narrow gutter (it wrapped, while '12:00 PM' did not).
    for (const label of [first!, second!]) expect(label.className).toContain('whitespace-nowrap');
    // The name opens the therapist's week.
    const name = document.querySelector('[data-therapist="7"] a')!;
    expect(name.textContent).toBe('Maria Lopez');
    expect(name.getAttribute('aria-label')).toBe('Maria Lopez: week');
    expect(name.getAttribute('href')).toBe('/desk/week/soho/7/2027-03-01/');
  });
});

describe('a visit block', () => {
  const visit = (minutes: number, note: string): DayAppointmentRow => ({
    id: '66666666-6666-4666-8666-666666666666',
    bookingId: '77777777-7777-4777-8777-777777777777',
    customerId: '55555555-5555-4555-8555-555555555555',
    customerName: 'Audrey Deskcheck',
    therapistId: 7,
    areaId: 1,
    // 10:00 in New York (EST).
    startsAt: new Date('2027-03-01T15:00:00Z'),
    endsAt: new Date(Date.parse('2027-03-01T15:00:00Z') + minutes * 60_000),
    status: 'booked',
    attendance: null,
    note,
    lines: [{ name: 'Eyebrows', pkgId: null }],
  });

  it('a quarter hour with a note marks it at the head of its second line (the first keeps the name), and carries the whole visit, the note too, as its tooltip', () => {
    renderDay([visit(15, 'Allergic to latex')]);
    const block = document.querySelector<HTMLElement>('[data-appointment]')!;
    expect(block.firstElementChild!.textContent).toMatch(/^10:00 AM to 10:15 AM Audrey Deskcheck$/);
    expect(block.children[1]!.textContent).toMatch(/^NoteEyebrows/);
    expect(block.title).toBe('10:00 AM to 10:15 AM, Audrey Deskcheck\nEyebrows\nNote: Allergic to latex');
  });

  it('a longer visit shows its note on a line of its own, without the mark', () => {
    renderDay([visit(60, 'Allergic to latex')]);
    const block = document.querySelector<HTMLElement>('[data-appointment]')!;
    expect(block.firstElementChild!.textContent).toMatch(/^10:00 AM/);
    expect(block.textContent).toContain('Note: Allergic to latex');
  });
});

describe('attendance, counts and free time on the grid', () => {
  const ID = '66666666-6666-4666-8666-666666666666';
  const row = (attendance: DayAppointmentRow['attendance']): DayAppointmentRow => ({
    id: ID,
    bookingId: '77777777-7777-4777-8777-777777777777',
    customerId: '55555555-5555-4555-8555-555555555555',
    customerName: 'Audrey Deskcheck',
    therapistId: 7,
    areaId: 1,
    startsAt: new Date('2027-03-01T15:00:00Z'),
    endsAt: new Date('2027-03-01T15:15:00Z'),
    status: 'booked',
    attendance,
    note: '',
    lines: [{ name: 'Eyebrows', pkgId: null }],
  });
  const count = (key: string) => document.querySelector(`[data-count="${key}"] dd`)!.textContent;
  afterEach(() => act(() => useDeskDay.setState({ pending: {}, selection: null })));

  it('shows a checked-in visit with a badge leading its second line (the name keeps the first), and counts it arrived', () => {
    renderDay([row('checked_in')]);
    const block = document.querySelector<HTMLElement>('[data-appointment]')!;
    expect(block.dataset.attendance).toBe('checked_in');
    expect(block.firstElementChild!.textContent).toBe('10:00 AM to 10:15 AM Audrey Deskcheck');
    expect(block.children[1]!.querySelector('[data-badge]')!.textContent).toBe('HereChecked in, ');
    expect([count('booked'), count('arrived'), count('to-come')]).toEqual(['1', '1', '0']);
  });

  it('draws a mark sent and not yet answered at once, counts included, and takes it back when settled', () => {
    renderDay([row(null)]);
    const block = () => document.querySelector<HTMLElement>('[data-appointment]')!;
    expect(block().querySelector('[data-badge]')).toBeNull();
    act(() => useDeskDay.getState().markPending(ID, 'checked_in'));
    expect(block().dataset.attendance).toBe('checked_in');
    expect(count('arrived')).toBe('1');
    expect(document.querySelector('[data-location-counts="soho"]')!.textContent).toBe(': 1 booked, 0 to come');
    act(() => useDeskDay.getState().settle(ID));
    expect(block().dataset.attendance).toBe('none');
    expect(count('to-come')).toBe('1');
  });

  it('draws every free quarter hour with its time (no hover needed) and books it with a tap', () => {
    renderDay([row(null)]);
    const free = document.querySelector<HTMLElement>('[data-free="10:15"]')!;
    const label = free.querySelector('[aria-hidden="true"]')!;
    expect(label.textContent).toBe('+ 10:15 AM');
    expect(label.className).not.toMatch(/\bhidden\b/);
    expect(document.querySelector('[data-free="10:00"]')).toBeNull();
    act(() => free.click());
    expect(useDeskDay.getState().selection).toEqual({ kind: 'book', therapistId: 7, time: '10:15' });
  });

  it("puts 'New booking' and 'Walk-in' on the day, which open the booking panel", () => {
    renderDay();
    act(() => (Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Walk-in') as HTMLButtonElement).click());
    expect(useDeskDay.getState().selection).toEqual({ kind: 'book', walkIn: true });
    act(() => (Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'New booking') as HTMLButtonElement).click());
    expect(useDeskDay.getState().selection).toEqual({ kind: 'book' });
  });
});

describe('today’s grid', () => {
  afterEach(() => jest.useRealTimers());

  it('opens at now, half an hour of the past in view, not at the opening hour', () => {
    jest.useFakeTimers({ now: Date.parse('2027-03-01T19:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    renderDay();
    const region = document.querySelector<HTMLElement>('[role="region"]')!;
    // 2 PM in New York, the grid from 10 AM at 2.4 px a minute: 1:30 PM at the top.
    expect(region.scrollTop).toBe((14 * 60 - 30 - 10 * 60) * 2.4);
  });

  it('another day opens at its opening hour', () => {
    renderDay();
    expect(document.querySelector<HTMLElement>('[role="region"]')!.scrollTop).toBe(0);
  });
});
