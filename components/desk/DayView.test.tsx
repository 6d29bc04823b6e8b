/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { parseDateInLocationTz } from '@/lib/booking/dates';
import { shapeDay, type DayAppointmentRow } from '@/lib/desk/day-shape';
import { DayView } from './DayView';

jest.mock('next/link', () => ({
  __esModule: true,
  default: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const MONDAY = parseDateInLocationTz('2027-03-01')!;

function renderDay(appointments: DayAppointmentRow[] = []) {
  const day = shapeDay({
    location: { id: 1, slug: 'soho', name: 'SoHo' },
    date: MONDAY,
    hours: { open: 10 * 60, close: 20 * 60 },
    roster: [{ therapistId: 7, startMinute: 10 * 60, endMinute: 19 * 60 }],
    appointments,
    therapistName: () => 'Maria Lopez',
    now: Date.parse('2027-02-01T12:00:00Z'),
  });
  render(<DayView initial={day} />);
  return day;
}

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
    expect(document.querySelector('[data-therapist="7"]')?.textContent).toBe('Maria Lopez');
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

  it('a quarter hour with a note marks it in its first line, and carries the whole visit, the note too, as its tooltip', () => {
    renderDay([visit(15, 'Allergic to latex')]);
    const block = document.querySelector<HTMLElement>('[data-appointment]')!;
    expect(block.firstElementChild!.textContent).toMatch(/^Note10:00 AM/);
    expect(block.title).toBe('10:00 AM to 10:15 AM, Audrey Deskcheck\nEyebrows\nNote: Allergic to latex');
  });

  it('a longer visit shows its note on a line of its own, without the mark', () => {
    renderDay([visit(60, 'Allergic to latex')]);
    const block = document.querySelector<HTMLElement>('[data-appointment]')!;
    expect(block.firstElementChild!.textContent).toMatch(/^10:00 AM/);
    expect(block.textContent).toContain('Note: Allergic to latex');
  });
});
