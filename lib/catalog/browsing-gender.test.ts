import { allServiceItems } from './catalog';
import { genderOfPath } from './browsing-gender';
import { servicesPath, segmentForTab } from './routes';
import { TABS, type Gender } from './tables';

describe('genderOfPath', () => {
  it("reads every service page's gender from its address, at a location too", () => {
    for (const item of allServiceItems()) {
      expect(genderOfPath(servicesPath(item.moniker))).toBe(item.gen);
      expect(genderOfPath(servicesPath(item.moniker, 'midtown'))).toBe(item.gen);
    }
  });

  it("reads every menu tab's gender, and the specials'", () => {
    for (const tab of TABS.filter((candidate) => candidate.name !== 'favorites')) {
      for (const gender of [0, 1] as Gender[]) expect(genderOfPath(servicesPath(segmentForTab(tab.id, gender)))).toBe(gender);
      for (const segment of tab.men) expect(genderOfPath(servicesPath(segment))).toBe(1);
      for (const segment of tab.women) expect(genderOfPath(servicesPath(segment))).toBe(0);
    }
    expect(genderOfPath('/specials/women/wax/')).toBe(0);
    expect(genderOfPath('/specials/men/')).toBe(1);
  });

  it('says nothing for an address of no gender', () => {
    for (const path of ['/', '/services/', '/services/favorites/', '/specials/', '/search/', '/booking/', '/menu/', '/womenswear/']) {
      expect(genderOfPath(path)).toBeUndefined();
    }
  });
});
