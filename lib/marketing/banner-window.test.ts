import { bannerOn, newYorkDate, showsOn } from './banner-window';

describe('the New York day of an instant', () => {
  it('turns at midnight in New York, not in UTC, in winter and in summer', () => {
    expect(newYorkDate(Date.parse('2026-11-29T04:59:59.999Z'))).toBe('2026-11-28');
    expect(newYorkDate(Date.parse('2026-11-29T05:00:00Z'))).toBe('2026-11-29');
    expect(newYorkDate(Date.parse('2026-07-01T03:59:59.999Z'))).toBe('2026-06-30');
    expect(newYorkDate(Date.parse('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });
});

describe('which banner shows on a day', () => {
  const sale = { text: 'Winter sale', link: '/specials/', startsOn: '2026-12-01', endsOn: '2026-12-24' };

  it('shows from its first day to its last, both included, and on no day outside', () => {
    expect(showsOn(sale, '2026-11-30')).toBe(false);
    expect(showsOn(sale, '2026-12-01')).toBe(true);
    expect(showsOn(sale, '2026-12-24')).toBe(true);
    expect(showsOn(sale, '2026-12-25')).toBe(false);
    expect(showsOn({ startsOn: '2026-12-31', endsOn: '2026-12-31' }, '2026-12-31')).toBe(true);
  });

  it('at the boundaries in New York time: the last second of the day before the start and of the last day', () => {
    const dayAt = (iso: string) => newYorkDate(Date.parse(iso));
    expect(bannerOn([sale], dayAt('2026-12-01T04:59:59Z'))).toBeUndefined();
    expect(bannerOn([sale], dayAt('2026-12-01T05:00:00Z'))).toBe(sale);
    expect(bannerOn([sale], dayAt('2026-12-25T04:59:59Z'))).toBe(sale);
    expect(bannerOn([sale], dayAt('2026-12-25T05:00:00Z'))).toBeUndefined();
  });

  it('none when every banner is over or still to come; of two running, the one that started last', () => {
    const spring = { text: 'Spring laser sale', link: '', startsOn: '2026-03-20', endsOn: '2026-06-20' };
    expect(bannerOn([spring], '2026-11-28')).toBeUndefined();
    expect(bannerOn([], '2026-11-28')).toBeUndefined();
    const flash = { text: 'Two days only', link: '', startsOn: '2026-12-10', endsOn: '2026-12-11' };
    expect(bannerOn([flash, sale], '2026-12-10')).toBe(flash);
    expect(bannerOn([sale, flash], '2026-12-12')).toBe(sale);
  });
});
