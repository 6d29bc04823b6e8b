/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import type { Report, ReportFigures } from '@/lib/reports/report';
import { ReportFilters } from './ReportFilters';
import { ReportView } from './ReportView';

jest.mock('next/link', () => ({
  __esModule: true,
  default: ({ href, children, prefetch: _prefetch, ...rest }: { href: string; children: React.ReactNode; prefetch?: boolean }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const figures = (over: Partial<ReportFigures>): ReportFigures => ({
  bookingsMade: 0,
  visitsHeld: 0,
  bookedValue: { cents: 0 },
  completedValue: { cents: 0 },
  packageSessions: 0,
  cancellations: { early: 0, late: 0, byCustomer: 0, byStaff: 0 },
  noShows: 0,
  noShowRate: 0,
  onlineBookings: 0,
  deskBookings: 0,
  customers: { new: 0, returning: 0 },
  ...over,
});

/** A November at Midtown, hand-made: the page must show these figures, not compute its own. */
const REPORT: Report = {
  period: { from: '2026-11-01', to: '2026-11-30' },
  previous: { from: '2026-10-01', to: '2026-10-31' },
  location: 2,
  current: figures({
    bookingsMade: 40,
    visitsHeld: 36,
    bookedValue: { cents: 482_500 },
    completedValue: { cents: 455_000 },
    packageSessions: 5,
    cancellations: { early: 3, late: 2, byCustomer: 4, byStaff: 1 },
    noShows: 4,
    noShowRate: 0.1,
    onlineBookings: 30,
    deskBookings: 10,
    customers: { new: 12, returning: 20 },
  }),
  before: figures({
    bookingsMade: 32,
    visitsHeld: 36,
    bookedValue: { cents: 500_000 },
    completedValue: { cents: 455_000 },
    cancellations: { early: 1, late: 0, byCustomer: 1, byStaff: 0 },
    noShows: 0,
    onlineBookings: 16,
    deskBookings: 16,
    customers: { new: 10, returning: 22 },
  }),
  byDay: Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, bookingsMade: i === 2 ? 7 : 1, visitsHeld: i === 8 ? 0 : 1 })),
  utilisation: [
    { therapistId: 7, name: 'Maria Lopez', location: 2, bookedMinutes: 4_500, rosteredMinutes: 9_000 },
    { therapistId: 9, name: 'Ana Kim', location: 2, bookedMinutes: 1_200, rosteredMinutes: 4_800 },
  ],
  utilisationBefore: [{ therapistId: 7, name: 'Maria Lopez', location: 2, bookedMinutes: 3_000, rosteredMinutes: 9_000 }],
  topServices: {
    byVisits: [
      { serviceId: 'brows', name: 'Eyebrows Wax', visits: 18, value: { cents: 45_000 } },
      { serviceId: 'facial', name: 'Signature Facial', visits: 6, value: { cents: 90_000 } },
    ],
    byValue: [
      { serviceId: 'facial', name: 'Signature Facial', visits: 6, value: { cents: 90_000 } },
      { serviceId: 'brows', name: 'Eyebrows Wax', visits: 18, value: { cents: 45_000 } },
    ],
  },
  packages: { sold: 3, sessionsRedeemed: 5, sessionsOwed: 14, owedValue: { cents: 70_000 } },
  packagesBefore: { sold: 2, sessionsRedeemed: 1, sessionsOwed: 16, owedValue: { cents: 80_000 } },
};

/** A table's rows as text cells, the header row first. */
function rowsOf(table: HTMLElement): string[][] {
  return Array.from(table.querySelectorAll('tr')).map((row) => Array.from(row.children).map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim()));
}

const table = (name: string) => screen.getByRole('table', { name });
const row = (name: string, figure: string) => rowsOf(table(name)).find((cells) => cells[0] === figure);

describe("the owner's report, rendered on the server from the report's figures", () => {
  beforeEach(() => render(<ReportView report={REPORT} />));

  it('says where and when, and the period it is compared with', () => {
    expect(screen.getByText('Midtown, Nov 1 – Nov 30, 2026')).toBeTruthy();
    expect(screen.getByText(/Compared with Oct 1 – Oct 31, 2026/)).toBeTruthy();
  });

  it('puts each figure beside the period before and the change, in words', () => {
    const bookings = 'Bookings and visits against the period before';
    expect(rowsOf(table(bookings))[0]).toEqual(['Figure', 'This period', 'Period before', 'Change']);
    expect(row(bookings, 'Bookings made')).toEqual(['Bookings made', '40', '32', '↑ +8 (+25%)']);
    expect(row(bookings, 'Online share')).toEqual(['Online share', '75%', '50%', '↑ +25 pts']);
    expect(row(bookings, 'Visits held')).toEqual(['Visits held', '36', '36', 'No change']);
    expect(row('Value against the period before', 'Booked value')).toEqual(['Booked value', '$4,825.00', '$5,000.00', '↓ −$175.00 (−4%)']);
    expect(row('Value against the period before', 'Package sessions used')).toEqual(['Package sessions used', '5', '0', '↑ +5 (none before)']);
    const cancellations = 'Cancellations and no-shows against the period before';
    expect(row(cancellations, 'Cancellations')).toEqual(['Cancellations', '5', '1', '↑ +4 (+400%)']);
    expect(row(cancellations, 'Late')).toEqual(['Late', '2', '0', '↑ +2 (none before)']);
    expect(row(cancellations, 'By the salon')).toEqual(['By the salon', '1', '0', '↑ +1 (none before)']);
    expect(row(cancellations, 'No-show rate')).toEqual(['No-show rate', '10%', '0%', '↑ +10 pts']);
    expect(row('New and returning customers against the period before', 'Returning customers')).toEqual(['Returning customers', '20', '22', '↓ −2 (−9%)']);
    expect(row('Packages and bundles against the period before', 'Value still owed')).toEqual(['Value still owed', '$700.00', '$800.00', '↓ −$100.00 (−13%)']);
  });

  it('draws each day of the period, and gives the same days as a table beside the chart', () => {
    const days = rowsOf(table('Bookings made and visits held by day'));
    expect(days).toHaveLength(31);
    expect(days[3]).toEqual(['Tue, Nov 3', '7', '1']);
    expect(days[9]).toEqual(['Mon, Nov 9', '1', '0']);
    const chart = screen.getByRole('region', { name: 'Bookings and visits' }).querySelector('[data-chart]')!;
    expect(chart.getAttribute('aria-hidden')).toBe('true');
    expect(chart.querySelectorAll('svg g')).toHaveLength(30);
    const tallest = Array.from(chart.querySelectorAll('rect')).reduce((top, rect) => Math.max(top, Number(rect.getAttribute('height'))), 0);
    expect(Number(chart.querySelectorAll('svg g')[2]!.querySelector('rect')!.getAttribute('height'))).toBe(tallest);
  });

  it('gives utilisation per therapist as booked against rostered hours, with the period before', () => {
    expect(rowsOf(table('Utilisation per therapist and location, against the period before'))).toEqual([
      ['Therapist', 'Location', 'Booked', 'Rostered', 'Utilisation', 'Period before'],
      ['Ana Kim', 'Midtown', '20 h', '80 h', '25%', 'Not rostered'],
      ['Maria Lopez', 'Midtown', '75 h', '150 h', '50%', '33.3%'],
    ]);
    const bars = screen.getByRole('region', { name: 'Therapist utilisation' }).querySelector('[data-chart]')!;
    expect(bars.textContent).toContain('Maria Lopez, Midtown50%');
  });

  it('ranks the top services by visits and by value, each chart with its table', () => {
    expect(rowsOf(table('Top services by visits')).slice(1)).toEqual([
      ['Eyebrows Wax', '18', '$450.00'],
      ['Signature Facial', '6', '$900.00'],
    ]);
    expect(rowsOf(table('Top services by value'))[1]).toEqual(['Signature Facial', '6', '$900.00']);
  });

  it('links each export to the period and location shown', () => {
    const exports = within(screen.getByRole('region', { name: 'Exports' })).getAllByRole('link');
    expect(exports.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Appointments (CSV)', '/api/desk/exports/appointments.csv?from=2026-11-01&to=2026-11-30&location=midtown'],
      ['Customers (CSV)', '/api/desk/exports/customers.csv?from=2026-11-01&to=2026-11-30&location=midtown'],
      ['Package balances (CSV)', '/api/desk/exports/packages.csv?from=2026-11-01&to=2026-11-30&location=midtown'],
      ['Activity log (CSV)', '/api/desk/exports/activity.csv?from=2026-11-01&to=2026-11-30&location=midtown'],
    ]);
  });
});

describe("the report's period and location", () => {
  it('offers the presets keeping the location, marks the one shown, and a GET form with the range and the location', () => {
    render(<ReportFilters query={{ from: '2026-11-01', to: '2026-11-30', location: 3 }} preset="month" />);
    const presets = within(screen.getByRole('navigation', { name: 'Period' })).getAllByRole('link');
    expect(presets.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['Today', '/desk/reports/?preset=today&location=williamsburg', null],
      ['This week', '/desk/reports/?preset=week&location=williamsburg', null],
      ['This month', '/desk/reports/?preset=month&location=williamsburg', 'page'],
      ['Last month', '/desk/reports/?preset=last-month&location=williamsburg', null],
    ]);
    const form = screen.getByRole('form', { name: 'Period and location' });
    expect(form.getAttribute('method')).toBe('get');
    expect((screen.getByLabelText('First day') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-11-30');
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe('williamsburg');
  });

  it('shows the range and salon of a preset followed in the browser, not the last ones in the form', () => {
    const { rerender } = render(<ReportFilters query={{ from: '2026-11-01', to: '2026-11-30', location: 'all' }} preset="month" />);
    rerender(<ReportFilters query={{ from: '2026-11-28', to: '2026-11-28', location: 2 }} preset="today" />);
    expect((screen.getByLabelText('First day') as HTMLInputElement).value).toBe('2026-11-28');
    expect((screen.getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-11-28');
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe('midtown');
  });
});
