import { appointmentCardSchema, appointmentStartMs } from './card-schema';

const ITEM = '0b7a9c1e-1111-4222-8333-444455556666';
const PKG = '1b7a9c1e-1111-4222-8333-444455556666';

function card(overrides: Record<string, unknown> = {}) {
  return {
    header: { customerId: '', aptId: '' },
    svcAreas: [
      {
        areaId: 1,
        svcTherapist: 0,
        svcDate: '2026-03-08 11:00',
        svcTypes: [{ svcTypeId: 1, svcArray: [{ serviceTypeId: 1, gen: 0, id: ITEM, areaId: 1 }] }],
      },
    ],
    ...overrides,
  };
}

describe('appointmentCardSchema', () => {
  it('fills the header defaults of the specification', () => {
    const parsed = appointmentCardSchema.parse(card());
    expect(parsed.header).toEqual({ url: '', customerId: '', aptId: '', location: '1', gender: '0', customerType: 0, status: '1', source: '8' });
    expect(parsed.pkgAvailable).toEqual([]);
    expect(parsed.svcAreas[0]!.svcTypes[0]!.svcArray[0]).toMatchObject({ pkgId: null, isPackage: false, duration: 0 });
  });

  it('accepts numeric header fields as the client may send them', () => {
    const parsed = appointmentCardSchema.parse(card({ header: { location: 4, gender: 1, status: 2 } }));
    expect(parsed.header).toMatchObject({ location: '4', gender: '1', status: '2' });
  });

  it.each([
    ['an unknown location', card({ header: { location: '7' } })],
    ['a non-GUID customer id', card({ header: { customerId: 'abc' } })],
    ['a line of another area', card({ svcAreas: [{ ...card().svcAreas[0], svcTypes: [{ svcTypeId: 1, svcArray: [{ serviceTypeId: 1, gen: 0, id: ITEM, areaId: 2 }] }] }] })],
    ['an area twice', card({ svcAreas: [card().svcAreas[0], card().svcAreas[0]] })],
    ['a package line without its package', card({ svcAreas: [{ ...card().svcAreas[0], svcTypes: [{ svcTypeId: 1, svcArray: [{ serviceTypeId: 1, gen: 0, id: ITEM, areaId: 1, isPackage: true }] }] }] })],
    ['an impossible date', card({ svcAreas: [{ ...card().svcAreas[0], svcDate: '2026-02-30 10:00' }] })],
    ['a time with an offset', card({ svcAreas: [{ ...card().svcAreas[0], svcDate: '2026-03-08T11:00:00-04:00' }] })],
    ['an unknown service-type flag', card({ svcAreas: [{ ...card().svcAreas[0], svcTypes: [{ svcTypeId: 3, svcArray: [{ serviceTypeId: 1, gen: 0, id: ITEM, areaId: 1 }] }] }] })],
    ['too many packages', card({ pkgAvailable: Array.from({ length: 21 }, () => ({ pkgId: PKG, isPkgUsed: false })) })],
    ['a note that is too long', card({ svcAreas: [{ ...card().svcAreas[0], svcNote: 'x'.repeat(501) }] })],
    ['no header', { svcAreas: [] }],
  ])('refuses %s', (_label, body) => {
    expect(appointmentCardSchema.safeParse(body).success).toBe(false);
  });
});

describe('appointmentStartMs', () => {
  it('reads a local time in New York time, across DST', () => {
    expect(appointmentStartMs('2026-03-08 11:00')).toBe(Date.parse('2026-03-08T15:00:00Z'));
    expect(appointmentStartMs('2026-11-01 11:00')).toBe(Date.parse('2026-11-01T16:00:00Z'));
  });

  it('reads a UTC instant as is and a bare date as no time', () => {
    expect(appointmentStartMs('2026-03-08T15:00:00.000Z')).toBe(Date.parse('2026-03-08T15:00:00Z'));
    expect(appointmentStartMs('2026-03-08')).toBeUndefined();
    expect(appointmentStartMs('')).toBeUndefined();
  });
});
