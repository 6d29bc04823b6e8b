import { wantedText } from './waitlist';

describe('wantedText', () => {
  it("words each area's time as the site does everywhere else", () => {
    const areas = [
      { areaId: 1, areaName: 'Hair Removal', therapistId: 0, therapistName: 'any therapist', minutes: 15 },
      { areaId: 4, areaName: 'Skincare', therapistId: 7, therapistName: 'Grace Kim', minutes: 90 },
    ];
    expect(wantedText({ areas })).toBe('Hair Removal (15 min) with any therapist, then Skincare (1 hr 30 min) with Grace Kim');
  });
});
