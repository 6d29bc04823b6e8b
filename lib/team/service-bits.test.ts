import { decodeServiceBits, encodeServiceBits } from './service-bits';

describe('service bits', () => {
  const order = Array.from({ length: 242 }, (_, i) => `s${i}`);

  it('round-trips any set of the list in a few dozen characters', () => {
    const chosen = new Set(['s0', 's7', 's8', 's100', 's241']);
    const bits = encodeServiceBits(order, chosen);
    expect(bits.length).toBeLessThanOrEqual(44);
    expect(decodeServiceBits(order, bits)).toEqual(chosen);
    expect(decodeServiceBits(order, encodeServiceBits(order, new Set(order)))).toEqual(new Set(order));
    expect(decodeServiceBits(order, encodeServiceBits(order, new Set()))).toEqual(new Set());
  });

  it('ignores ids not in the list, and reads garbage as no services rather than failing', () => {
    expect(decodeServiceBits(order, encodeServiceBits(order, new Set(['elsewhere'])))).toEqual(new Set());
    expect(decodeServiceBits(order, '')).toEqual(new Set());
    expect(() => decodeServiceBits(order, '%%%')).not.toThrow();
  });
});
