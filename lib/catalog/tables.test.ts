import { AREA_BY_FLAG, ALL_SERVICE_TYPE_FLAGS, DISCOUNTS, FLAG_GENDERS, SERVICE_TYPE_LABELS, SHORT_CODE_BY_FLAG, TAB_SERVICE_TYPES, discountIdForPercent, isServiceTypeFlag, tabIdForFlag } from './tables';

describe('the flag table', () => {
  it('has 31 flags, each a power of two with a label, short code, area and gender', () => {
    expect(ALL_SERVICE_TYPE_FLAGS).toHaveLength(31);
    for (const flag of ALL_SERVICE_TYPE_FLAGS) {
      expect(Number.isInteger(Math.log2(flag))).toBe(true);
      expect(SERVICE_TYPE_LABELS[flag]).toBeTruthy();
      expect(SHORT_CODE_BY_FLAG[flag]).toBeTruthy();
      expect(AREA_BY_FLAG[flag]).toBeGreaterThan(0);
      expect(FLAG_GENDERS[flag].length).toBeGreaterThan(0);
    }
  });
  it('gives the lower of each pair to women', () => {
    expect(FLAG_GENDERS[4]).toEqual([0]);
    expect(FLAG_GENDERS[8]).toEqual([1]);
    expect(SERVICE_TYPE_LABELS[16]).toBe(SERVICE_TYPE_LABELS[8388608]);
  });
  it('puts every flag in exactly one tab', () => {
    const all = Object.values(TAB_SERVICE_TYPES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort((a, b) => a - b)).toEqual([...ALL_SERVICE_TYPE_FLAGS].sort((a, b) => a - b));
    expect(tabIdForFlag(1073741824)).toBe(8);
    expect(tabIdForFlag(2048)).toBe(6);
  });
  it('knows flags from other numbers', () => {
    expect(isServiceTypeFlag(1024)).toBe(true);
    expect(isServiceTypeFlag(3)).toBe(false);
  });
});

describe('discount ids', () => {
  it('map to the percentages of section 9', () => {
    expect(DISCOUNTS).toEqual({ 7: 50, 8: 40, 9: 35, 10: 30, 11: 25, 12: 20, 14: 15, 15: 10 });
    expect(discountIdForPercent(20)).toBe(12);
    expect(discountIdForPercent(13)).toBeUndefined();
  });
});
