import { formatPhone, normalisePhone, phoneQueryDigits } from './phone';

describe('desk phone numbers', () => {
  it('keeps the digits, without the US country code', () => {
    expect(normalisePhone('+1 (212) 555-0142')).toBe('2125550142');
    expect(normalisePhone('212.555.0142')).toBe('2125550142');
    expect(normalisePhone('+44 20 7946 0958')).toBe('442079460958');
  });

  it('refuses letters and numbers too short or too long', () => {
    expect(normalisePhone('212-CALL-NOW')).toBeUndefined();
    expect(normalisePhone('555')).toBeUndefined();
    expect(normalisePhone('1'.repeat(16))).toBeUndefined();
  });

  it('shows ten digits the American way', () => {
    expect(formatPhone('2125550142')).toBe('(212) 555-0142');
    expect(formatPhone('442079460958')).toBe('442079460958');
  });

  it('reads a search as a number only when it looks like one', () => {
    expect(phoneQueryDigits('(212) 55', 3)).toBe('21255');
    expect(phoneQueryDigits('12', 3)).toBeUndefined();
    expect(phoneQueryDigits('ana 212', 3)).toBeUndefined();
  });

  it('reads a caller ID or a typed number in any common form as the stored ten digits', () => {
    for (const form of ['+1 212-555-0147', '(212) 555-0147', '2125550147', '212.555.0147', '1 212 555 0147', '+1 (212) 555 0147', ' 212-555-0147 ']) {
      expect({ form, digits: phoneQueryDigits(form, 3) }).toEqual({ form, digits: '2125550147' });
    }
    expect(phoneQueryDigits('+1 212', 3)).toBe('212');
    expect(phoneQueryDigits('+44 20 7946', 3)).toBe('44207946');
    expect(phoneQueryDigits('+1', 3)).toBeUndefined();
  });
});
