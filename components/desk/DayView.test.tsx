/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { parseDateInLocationTz } from '@/lib/booking/dates';
import { shapeDay } from '@/lib/desk/day-shape';
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

function renderDay() {
  const day = shapeDay({
    location: { id: 1, slug: 'soho', name: 'SoHo' },
    date: MONDAY,
    roster: [{ therapistId: 7, startMinute: 10 * 60, endMinute: 19 * 60 }],
    appointments: [],
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
    expect(document.querySelector('[data-therapist="7"]')?.textContent).toBe('Maria Lopez');
  });
});
