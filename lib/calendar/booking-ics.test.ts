import ICAL from 'ical.js';
import { appointmentUid, bookingIcs, quotedParameter, type BookedAppointment } from './booking-ics';

const booked: BookedAppointment = {
  id: 'a1',
  areaName: 'Hair Removal',
  therapistName: 'Maria Lopez',
  start: '2026-11-01T15:00:00.000Z',
  end: '2026-11-01T15:45:00.000Z',
  status: 'booked',
  lines: [{ name: 'Brazilian' }, { name: 'Underarm' }],
};
const people = { organizer: { name: 'Bare & Polished NYC', email: 'bookings@example.com' }, attendee: { name: 'Ana', email: 'ana@example.com' } };

/** The file as a calendar program reads it (ical.js, Mozilla's parser): the calendar and its events. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => ({ component: v, event: new ICAL.Event(v) })) };
}

describe('booking calendar file', () => {
  it('a download (PUBLISH) has one event per booked appointment, with its length, services, therapist and address', () => {
    const { calendar, events } = parse(bookingIcs(1, [booked, { ...booked, id: 'a2', status: 'cancelled' }], new Date('2026-10-01T00:00:00Z')));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events).toHaveLength(1);
    const { event } = events[0]!;
    expect(event.uid).toBe(appointmentUid('a1'));
    expect(event.summary).toBe('Brazilian, Underarm at Bare & Polished NYC');
    expect(event.description).toContain('with Maria Lopez');
    expect(event.location).toBe('131 Spring Street, 2nd Floor, New York, NY 10012');
    expect(event.duration.toSeconds()).toBe(45 * 60);
  });

  it('writes the instants in UTC, so a daylight-saving day lands at the right local time', () => {
    // 2026-11-01 is the day New York falls back: 15:00Z is 10:00 EST.
    const ics = bookingIcs(1, [booked], new Date('2026-10-01T00:00:00Z'));
    expect(ics).toContain('DTSTART:20261101T150000Z');
    expect(ics).toContain('DTEND:20261101T154500Z');
    const { event } = parse(ics).events[0]!;
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });

  it('an invitation (REQUEST) carries the SEQUENCE, the organizer and the customer as attendee', () => {
    const { calendar, events } = parse(bookingIcs(1, [{ ...booked, sequence: 3 }], new Date(), { method: 'REQUEST', people }));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const { component, event } = events[0]!;
    expect(event.sequence).toBe(3);
    expect(component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(String(component.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:bookings@example.com');
    expect(String(component.getFirstPropertyValue('attendee')).toLowerCase()).toBe('mailto:ana@example.com');
  });

  it('a cancellation (CANCEL) lists the cancelled appointment with status CANCELLED and no alarm', () => {
    const { calendar, events } = parse(bookingIcs(1, [{ ...booked, status: 'cancelled', sequence: 2 }], new Date(), { method: 'CANCEL', people }));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(events).toHaveLength(1);
    expect(events[0]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(events[0]!.event.sequence).toBe(2);
    expect(events[0]!.component.getAllSubcomponents('valarm')).toHaveLength(0);
  });

  it('refuses an invitation without people: iTIP needs an organizer', () => {
    expect(() => bookingIcs(1, [booked], new Date(), { method: 'REQUEST' })).toThrow(/organizer/);
  });
});

/**
 * A strict reading of RFC 5545's content lines (3.1): unfolded, each is name *(";" param) ":" value, where a parameter
 * value is paramtext (no DQUOTE ; : ,) or a quoted-string (no DQUOTE inside, no control character but tab). Quoted
 * values are decoded per RFC 6868 (^' DQUOTE, ^n line break, ^^ caret; any other ^ stays).
 */
function strictLines(ics: string): { name: string; params: Record<string, string[]>; value: string }[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  const physical = ics.slice(0, -2).split('\r\n');
  for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  const unfolded = ics.slice(0, -2).replace(/\r\n[ \t]/g, '').split('\r\n');
  const paramValue = '(?:"[^"\\u0000-\\u0008\\u000a-\\u001f\\u007f]*"|[^";:,\\u0000-\\u0008\\u000a-\\u001f\\u007f]*)';
  const param = `;([A-Za-z0-9-]+)=(${paramValue}(?:,${paramValue})*)`;
  const grammar = new RegExp(`^([A-Za-z0-9-]+)((?:${param})*):([^\\u0000-\\u0008\\u000a-\\u001f\\u007f]*)$`);
  const decode = (v: string) => (v.startsWith('"') ? v.slice(1, -1).replace(/\^(['n^])/g, (_, c: string) => ({ "'": '"', n: '\n', '^': '^' })[c]!) : v);
  return unfolded.map((line) => {
    const match = grammar.exec(line);
    expect([line, match !== null]).toEqual([line, true]);
    const params: Record<string, string[]> = {};
    for (const p of match![2]!.matchAll(new RegExp(param, 'g'))) params[p[1]!.toUpperCase()] = [...p[2]!.matchAll(new RegExp(paramValue, 'g'))].map((v) => v[0]).filter((v, i, all) => v !== '' || all.length === 1).map(decode);
    return { name: match![1]!.toUpperCase(), params, value: match![match!.length - 1]! };
  });
}

describe('names in an invitation (RFC 5545 parameters, RFC 6868)', () => {
  const names = ['Robert "Bob" Smith', 'Ana ^ Caret ^\' ^n', 'Semi;colon, Comma: Colon', "Siobhán O'Brien-Núñez", 'Back\\slash', '"Quoted"', 'Eve "x":mailto:eve@example.com', `${'Long Name '.repeat(9)}"End"`];

  it('a name with a DQUOTE, caret, ; , or : comes back whole from ical.js, and the address stays the customer\'s', () => {
    for (const name of names) {
      const ics = bookingIcs(1, [booked], new Date(), { method: 'REQUEST', people: { organizer: { name: `Bare & "Polished" ${name}`, email: 'bookings@example.com' }, attendee: { name, email: 'bob@example.com' } } });
      const { component } = parse(ics).events[0]!;
      const attendees = component.getAllProperties('attendee');
      expect(attendees).toHaveLength(1);
      expect([name, attendees[0]!.getParameter('cn')]).toEqual([name, name]);
      expect(String(attendees[0]!.getFirstValue()).toLowerCase()).toBe('mailto:bob@example.com');
      const organizer = component.getFirstProperty('organizer')!;
      expect(organizer.getParameter('cn')).toBe(`Bare & "Polished" ${name}`);
      expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:bookings@example.com');
    }
  });

  it('every line follows the content-line grammar strictly, and ORGANIZER and ATTENDEE carry the names and addresses', () => {
    for (const name of [...names, 'Two\nLines']) {
      const lines = strictLines(bookingIcs(1, [booked], new Date(), { method: 'CANCEL', people: { organizer: { name: `Salon "${name}"`, email: 'bookings@example.com' }, attendee: { name, email: 'bob@example.com' } } }));
      const attendees = lines.filter((l) => l.name === 'ATTENDEE');
      expect(attendees).toHaveLength(1);
      expect(attendees[0]!.params.CN).toEqual([name]);
      expect(attendees[0]!.params.PARTSTAT).toEqual(['ACCEPTED']);
      expect(attendees[0]!.value.toLowerCase()).toBe('mailto:bob@example.com');
      const organizer = lines.find((l) => l.name === 'ORGANIZER')!;
      expect(organizer.params.CN).toEqual([`Salon "${name}"`]);
      expect(organizer.value.toLowerCase()).toBe('mailto:bookings@example.com');
    }
  });

  it('quotes a parameter value per RFC 6868', () => {
    expect(quotedParameter('Robert "Bob" Smith')).toBe(`"Robert ^'Bob^' Smith"`);
    expect(quotedParameter('a^b\nc\r\nd')).toBe('"a^^b^nc^nd"');
    expect(quotedParameter('tab\tbell\u0007')).toBe('"tab\tbell"');
  });
});
