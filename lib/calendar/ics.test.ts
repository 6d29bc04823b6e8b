import { buildIcs, escapeText, foldLine } from './ics';

describe('buildIcs', () => {
  const ics = buildIcs(
    [
      {
        uid: 'apt-1@salon',
        startUtc: new Date('2026-11-28T16:00:00Z'),
        durationMinutes: 45,
        summary: 'Brazilian Wax, with Ana R.',
        description: 'SoHo; arrive 5 minutes early',
        location: '123 Spring St, New York, NY 10012',
      },
    ],
    new Date('2026-11-22T12:00:00Z'),
  );

  it('writes one event in UTC with the end from the duration', () => {
    expect(ics).toContain('DTSTART:20261128T160000Z');
    expect(ics).toContain('DTEND:20261128T164500Z');
    expect(ics).toContain('DTSTAMP:20261122T120000Z');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });
  it('escapes text and ends lines with CRLF', () => {
    expect(ics).toContain('SUMMARY:Brazilian Wax\\, with Ana R.');
    expect(ics).toContain('DESCRIPTION:SoHo\\; arrive 5 minutes early');
    expect(ics.split('\r\n')[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe('line helpers', () => {
  it('escapes backslashes, commas, semicolons and new lines', () => {
    expect(escapeText('a\\b,c;d\ne')).toBe('a\\\\b\\,c\\;d\\ne');
  });
  it('folds long lines at 75 octets without splitting characters', () => {
    const folded = foldLine('DESCRIPTION:' + 'é'.repeat(80));
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n ').join('')).toBe('DESCRIPTION:' + 'é'.repeat(80));
  });
});
