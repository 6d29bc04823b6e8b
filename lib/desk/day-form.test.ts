import { dayFormTarget, dayPath } from './day-form';

const target = (query: string) => dayFormTarget(new URLSearchParams(query));

describe("the day view's date form", () => {
  it("goes to the day's own address", () => {
    expect(target('location=midtown&date=2031-03-04')).toBe('/desk/day/midtown/2031-03-04/');
    expect(dayPath('soho', '2031-03-04')).toBe('/desk/day/soho/2031-03-04/');
  });

  it("goes to today's view from the bare address", () => {
    expect(target('')).toBe('/desk/');
  });

  it('has nowhere to go for a location or a date that names none, or one left out', () => {
    expect(target('location=paris&date=2031-03-04')).toBeUndefined();
    expect(target('location=soho&date=2031-02-30')).toBeUndefined();
    expect(target('location=soho')).toBeUndefined();
    expect(target('date=2031-03-04')).toBeUndefined();
  });
});
