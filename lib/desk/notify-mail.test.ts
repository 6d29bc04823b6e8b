import { chooseAnotherTimeMail, changePageUrl } from './notify-mail';

const base = {
  to: 'ann@example.com',
  name: 'Ann Lee',
  location: 1,
  appointmentId: '00000000-0000-4000-8000-0000000000a1',
  start: '2027-01-12T19:00:00.000Z',
  services: ['Brazilian wax', 'Eyebrows'],
  therapistName: 'Anna Kowalski',
  siteUrl: 'https://salon.example',
};

describe("the desk's 'choose another time' mail", () => {
  it("links to the customer's own change page of that visit and keeps its services", () => {
    const mail = chooseAnotherTimeMail(base);
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toMatch(/^Please choose another time for your .+ appointment$/);
    expect(mail.text).toContain('Anna Kowalski cannot see you at the time you booked');
    expect(mail.text).toContain('Brazilian wax, Eyebrows');
    expect(mail.text).toContain(changePageUrl(base.siteUrl, base.appointmentId));
    expect(changePageUrl(base.siteUrl, base.appointmentId)).toBe('https://salon.example/account/#appointment-00000000-0000-4000-8000-0000000000a1');
    expect(mail.text).toContain('Choose another time for the same services');
  });

  it('offers the change page the same day too (the salon asked, so the online cut-off does not apply), and the phone', () => {
    const mail = chooseAnotherTimeMail(base);
    expect(mail.text).toContain('Choose another time for the same services');
    expect(mail.text).toContain('or cancel it at no charge');
    expect(mail.text).toMatch(/Questions\? Call us at \S/);
  });
});
