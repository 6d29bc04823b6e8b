import { normaliseLocation } from './location-table';
import { allGenderedSegments, parseGender, parseServiceSegment, segmentForTab, tabById, tabByName } from './routes';

describe('tab ids, names and route segments', () => {
  it('maps ids to names and back', () => {
    expect(tabById(0)?.name).toBe('wax');
    expect(tabById(8)?.name).toBe('sugaring');
    expect(tabByName('laser-tattoo-removal')?.id).toBe(7);
    expect(tabByName('nope')).toBeUndefined();
  });

  it.each([
    [0, 0, 'womens-wax'],
    [0, 1, 'mens-wax'],
    [4, 0, 'womens-lpt'],
    [4, 1, 'mens-lpt'],
    [8, 0, 'sugaring-hair-removal'],
    [8, 1, 'mens-sugaring'],
  ] as const)('tab %i for gender %i is %s', (tabId, gender, segment) => {
    expect(segmentForTab(tabId, gender)).toBe(segment);
    expect(parseServiceSegment(segment)).toEqual({ kind: 'tab', tabId, gender });
  });

  it('reads both men\u2019s sugaring segments', () => {
    expect(parseServiceSegment('sugaring-hair-for-men')).toEqual({ kind: 'tab', tabId: 8, gender: 1 });
    expect(parseServiceSegment('mens-sugaring')).toEqual({ kind: 'tab', tabId: 8, gender: 1 });
  });

  it('reads bare tab names and favourites', () => {
    expect(parseServiceSegment('laser')).toEqual({ kind: 'bare-tab', tabId: 1 });
    expect(parseServiceSegment('favorites')).toEqual({ kind: 'favorites' });
    expect(parseServiceSegment('womens-nothing')).toBeUndefined();
  });

  it('lists 19 gendered segments (nine tabs, sugaring has two for men)', () => {
    expect(allGenderedSegments()).toHaveLength(19);
  });
});

describe('locations and genders', () => {
  it('reads 0, missing and unknown locations as 1', () => {
    expect(normaliseLocation(0)).toBe(1);
    expect(normaliseLocation(undefined)).toBe(1);
    expect(normaliseLocation(9)).toBe(1);
    expect(normaliseLocation('4')).toBe(4);
    expect(normaliseLocation(2)).toBe(2);
  });
  it('reads women/men and 0/1', () => {
    expect(parseGender('women')).toBe(0);
    expect(parseGender('1')).toBe(1);
    expect(parseGender('kids')).toBeUndefined();
  });
});
