/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import type { AffectedAppointment } from '@/lib/desk/schedule';
import type { TherapistView } from '@/lib/team/therapists';
import { TherapistEditor } from './TherapistEditor';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), prefetch: jest.fn() }) }));
jest.mock('./team-actions', () => ({ retireTherapistAction: jest.fn(), saveTherapistAction: jest.fn() }));

const SOFIA: TherapistView = { id: 3, name: 'Sofia Russo', bio: '', photoId: null, retired: false, retiredAt: null, updatedAt: '2026-12-01T12:00:00.000Z', work: [] };

const VISIT: AffectedAppointment = {
  id: '00000000-0000-4000-8000-0000000000a1',
  bookingId: 'b1',
  customerId: 'c1',
  customerName: 'Alice Alpha',
  customerEmail: 'alice@example.com',
  customerPhone: null,
  location: 'SoHo',
  area: 'Brow & Lashes',
  therapistName: 'Sofia Russo',
  localStart: '2027-03-01 12:00',
  localEnd: '2027-03-01 12:30',
};

describe('<TherapistEditor> retiring', () => {
  it('first offers a link to the question, not a button that retires', () => {
    render(<TherapistEditor therapist={SOFIA} />);
    const section = screen.getByRole('region', { name: 'Retire Sofia Russo' });
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).getByRole('link', { name: 'Retire Sofia Russo…' })).toHaveAttribute('href', '/desk/team/therapists/3/?retire=1#retire-heading');
  });

  it('asks, saying what retiring does; Yes, retire posts the confirmation, Keep goes back', () => {
    render(<TherapistEditor therapist={SOFIA} retirement={{ visitsToCome: [], shifts: 4 }} />);
    const question = screen.getByRole('group', { name: 'Retire Sofia Russo?' });
    expect(question).toHaveTextContent('They leave the team, and customers can no longer book them, online or at the desk.');
    expect(question).toHaveTextContent('Their 4 weekly shifts on the rosters go.');
    expect(question).toHaveTextContent('Past visits keep their name.');
    expect(question).toHaveTextContent('It cannot be undone');
    const yes = within(question).getByRole('button', { name: 'Yes, retire' });
    const posted = new FormData(yes.closest('form')!);
    expect(Object.fromEntries(posted)).toEqual({ id: '3', confirmed: '1' });
    expect(within(question).getByRole('link', { name: 'Keep' })).toHaveAttribute('href', '/desk/team/therapists/3/#retire-heading');
  });

  it('with visits to come, lists them and offers no way to retire until they are moved', () => {
    render(<TherapistEditor therapist={SOFIA} retirement={{ visitsToCome: [VISIT], shifts: 1 }} />);
    const question = screen.getByRole('group', { name: 'Retire Sofia Russo?' });
    expect(question).toHaveTextContent('Their 1 weekly shift on the rosters goes.');
    expect(question).toHaveTextContent('Sofia Russo has 1 visit to come: move it to another therapist or cancel it first.');
    expect(within(question).getByRole('region', { name: "Sofia Russo's visits to come" })).toHaveTextContent('Alice Alpha');
    expect(within(question).queryByRole('button', { name: 'Yes, retire' })).toBeNull();
    expect(within(question).getByRole('link', { name: 'Keep' })).toBeInTheDocument();
  });
});
