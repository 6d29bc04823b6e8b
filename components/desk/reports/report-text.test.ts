import { describeChange, formatFigure, formatPeriod, onlineShare, utilisationRate } from './report-text';

describe("the report's figures as the page writes them", () => {
  it('writes counts, money from cents, rates and hours', () => {
    expect(formatFigure(1234, 'count')).toBe('1,234');
    expect(formatFigure(123450, 'money')).toBe('$1,234.50');
    expect(formatFigure(0.125, 'rate')).toBe('12.5%');
    expect(formatFigure(2250, 'minutes')).toBe('37.5 h');
  });

  it('writes a period as one day or a range, across a year', () => {
    expect(formatPeriod({ from: '2026-11-01', to: '2026-11-30' })).toBe('Nov 1 – Nov 30, 2026');
    expect(formatPeriod({ from: '2026-12-28', to: '2027-01-03' })).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(formatPeriod({ from: '2026-11-29', to: '2026-11-29' })).toBe('Nov 29, 2026');
  });

  it('reads a share and a utilisation as 0 when there is nothing to divide by', () => {
    expect(onlineShare(3, 4)).toBe(0.75);
    expect(onlineShare(0, 0)).toBe(0);
    expect(utilisationRate(90, 120)).toBe(0.75);
    expect(utilisationRate(30, 0)).toBe(0);
  });
});

describe('the change against the period before', () => {
  it('gives a count its difference and its percentage, with the direction in words', () => {
    expect(describeChange(28, 25, 'count')).toEqual({ direction: 'up', text: '+3 (+12%)' });
    expect(describeChange(1, 2, 'count')).toEqual({ direction: 'down', text: '\u22121 (\u221250%)' });
  });

  it('gives money in dollars', () => {
    expect(describeChange(50000, 54000, 'money')).toEqual({ direction: 'down', text: '\u2212$40.00 (\u22127%)' });
  });

  it('gives a rate in percentage points, not a percentage of a percentage', () => {
    expect(describeChange(0.1, 0.085, 'rate')).toEqual({ direction: 'up', text: '+1.5 pts' });
  });

  it('says no change, and a rise from nothing without a percentage', () => {
    expect(describeChange(7, 7, 'count')).toEqual({ direction: 'same', text: 'No change' });
    expect(describeChange(0.2, 0.2, 'rate')).toEqual({ direction: 'same', text: 'No change' });
    expect(describeChange(4, 0, 'count')).toEqual({ direction: 'up', text: '+4 (none before)' });
  });
});
