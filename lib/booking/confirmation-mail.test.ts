import { confirmationMail } from './confirmation-mail';
import { CANCELLATION_RULE } from './visit-summary';

describe('confirmation mail', () => {
  const mail = confirmationMail(
    {
      to: 'ana@example.com',
      name: 'Ana',
      bookingId: 'b1',
      location: 1,
      appointments: [
        { id: 'a1', areaName: 'Hair Removal', therapistName: 'Anna Kowalski', start: '2027-03-14T15:00:00.000Z', end: '2027-03-14T15:15:00.000Z', status: 'booked', lines: [{ name: 'Eyebrows' }] },
        { id: 'a2', areaName: 'Skincare', therapistName: 'Grace Kim', start: '2027-03-13T16:00:00.000Z', end: '2027-03-13T17:00:00.000Z', status: 'cancelled', lines: [{ name: 'Facial' }] },
      ],
    },
    new Date('2027-01-01T00:00:00Z'),
  );

  it('lists each booked appointment in New York time with the therapist and the address', () => {
    expect(mail.to).toBe('ana@example.com');
    expect(mail.text).toContain('- Sunday, March 14, 2027 at 11:00 AM EDT: Eyebrows (Hair Removal) with Anna Kowalski');
    expect(mail.text).not.toContain('Facial');
    expect(mail.text).toContain('131 Spring Street, 2nd Floor, New York, NY 10012');
    expect(mail.text).toMatch(/\/account\/$/m);
  });

  it('attaches the same calendar file as the confirmation page', () => {
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]!.filename).toBe('appointment.ics');
    expect(mail.attachments![0]!.content).toContain('DTSTART:20270314T150000Z');
    expect(mail.attachments![0]!.content.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('with the lines of a new booking, says the same as the summary: times, therapists, durations, prices, totals and the rule', () => {
    // As createBooking answers them: every line with its id, minutes, price and package.
    const appointments = [
          {
            id: 'a1',
            areaName: 'Hair Removal',
            therapistName: 'Anna Kowalski',
            start: '2027-03-14T15:00:00.000Z',
            end: '2027-03-14T15:30:00.000Z',
            status: 'booked' as const,
            lines: [
              { id: 'x1', name: 'Eyebrows', duration: 15, price: 25, pkgId: null },
              { id: 'x2', name: 'Upper Lip', duration: 15, price: 15, pkgId: null },
            ],
          },
          { id: 'a2', areaName: 'Skincare', therapistName: 'Grace Kim', start: '2027-03-14T15:30:00.000Z', end: '2027-03-14T16:30:00.000Z', status: 'booked' as const, lines: [{ id: 'x3', name: 'Facial', duration: 60, price: 150, pkgId: null }] },
    ];
    const detailed = confirmationMail({ to: 'ana@example.com', name: 'Ana', bookingId: 'b2', location: 1, appointments }, new Date('2027-01-01T00:00:00Z'));
    expect(detailed.text).toContain('- Sunday, March 14, 2027 at 11:00 AM: Eyebrows (Hair Removal) with Anna Kowalski, 15 min, $25');
    expect(detailed.text).toContain('- Sunday, March 14, 2027 at 11:15 AM: Upper Lip (Hair Removal) with Anna Kowalski, 15 min, $15');
    expect(detailed.text).toContain('- Sunday, March 14, 2027 at 11:30 AM: Facial (Skincare) with Grace Kim, 1 hr, $150');
    expect(detailed.text).toContain('Total: $190 for 1 hr 30 min');
    expect(detailed.text).toContain(CANCELLATION_RULE);
  });
});
