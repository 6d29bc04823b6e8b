import { confirmationMail } from './confirmation-mail';

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
});
