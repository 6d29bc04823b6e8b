import { isEmpty, isGuid, normaliseDate } from './validation';

describe('isGuid', () => {
  it.each(['3f2504e0-4f89-11d3-9a0c-0305e82c3301', '{3F2504E0-4F89-11D3-9A0C-0305E82C3301}'])('accepts %s', (value) => {
    expect(isGuid(value)).toBe(true);
  });
  it.each(['', '3f2504e0-4f89-11d3-9a0c-0305e82c330', '3f2504e04f8911d39a0c0305e82c3301', '{3f2504e0-4f89-11d3-9a0c-0305e82c3301', 'zf2504e0-4f89-11d3-9a0c-0305e82c3301', 42, null])(
    'refuses %p',
    (value) => {
      expect(isGuid(value)).toBe(false);
    },
  );
});

describe('normaliseDate', () => {
  it('accepts YYYY-MM-DD and YYYY-MM-DD HH:mm and gives YYYY-MM-DD', () => {
    expect(normaliseDate('2026-11-22')).toBe('2026-11-22');
    expect(normaliseDate('2026-11-22 14:30')).toBe('2026-11-22');
    expect(normaliseDate('2028-02-29')).toBe('2028-02-29');
  });
  it.each(['2026-11-22T14:30', '2026/11/22', '22-11-2026', '2026-13-01', '2026-02-30', '2026-11-22 24:00', '2026-11-22 14:3', ' 2026-11-22', '', undefined, 20261122])(
    'gives no date for %p',
    (value) => {
      expect(normaliseDate(value)).toBeUndefined();
    },
  );
});

describe('isEmpty', () => {
  it.each([null, undefined, {}, [], '', '   '])('%p is empty', (value) => {
    expect(isEmpty(value)).toBe(true);
  });
  it.each([0, false, 'a', [0], { a: undefined }])('%p is not empty', (value) => {
    expect(isEmpty(value)).toBe(false);
  });
});
