import * as fc from 'fast-check';
import { appointmentCardSchema, cardAreaSchema, cardHeaderSchema, cardServiceTypeSchema, packageAvailabilitySchema, serviceLineSchema } from '@/lib/booking/card-schema';
import { CARD_COOKIE_FIELDS, CARD_MAX_PACKAGES, DEFAULT_HEADER, cardFromCookie, cardToCookie, type AppointmentCard, type CookieCarry, type ServiceLine } from './card';

/**
 * One card contract: the client's card type is derived from the API schema (model.ts), and CARD_COOKIE_FIELDS says
 * what the cookie does with each field. The type check refuses a field the map does not place (the @ts-expect-error
 * lines below prove that it would); these tests prove the map true, field by field, against the schema at run time.
 */

// A map that leaves out a field of the card, or names one it does not have, does not compile.
const missing: Record<keyof ServiceLine, CookieCarry> = {
  ...CARD_COOKIE_FIELDS.line,
  // @ts-expect-error: a field the card's line does not have
  holdId: 'kept',
};
// @ts-expect-error: the line's 'id' is not placed
const incomplete: Record<keyof ServiceLine, CookieCarry> = { ...CARD_COOKIE_FIELDS.line, id: undefined };

const SCHEMAS = {
  card: appointmentCardSchema,
  header: cardHeaderSchema,
  area: cardAreaSchema,
  serviceType: cardServiceTypeSchema,
  line: serviceLineSchema,
  package: packageAvailabilitySchema,
} as const;

/** The keys of a zod object (the card's schema is an object refined by superRefine: still a ZodObject in zod 4). */
const keysOf = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape).sort();

describe('the card contract', () => {
  it('compiles against drifted maps only with an error (see the @ts-expect-error lines)', () => {
    expect(Object.keys(missing)).toContain('holdId');
    expect(incomplete.id).toBeUndefined();
  });

  it.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])('places every field of the API schema\'s %s, and no other', (part) => {
    expect(Object.keys(CARD_COOKIE_FIELDS[part]).sort()).toEqual(keysOf(SCHEMAS[part] as never));
  });

  it('starts the client\'s card header from the API schema\'s defaults', () => {
    expect(DEFAULT_HEADER).toEqual(cardHeaderSchema.parse({}));
  });

  const guid = fc.uuid({ version: 4 });
  const day = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const arbitraryCard: fc.Arbitrary<AppointmentCard> = fc
    .record({
      header: fc.record({
        url: fc.constantFrom('', '/booking/'),
        customerId: fc.oneof(fc.constant(''), guid),
        aptId: fc.oneof(fc.constant(''), guid),
        location: fc.constantFrom('0', '1', '2', '3', '4'),
        gender: fc.constantFrom('0', '1'),
        customerType: fc.integer({ min: 0, max: 99 }),
        status: fc.constantFrom('1', '2'),
        source: fc.constantFrom('8', '12'),
      }),
      areas: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 0, maxLength: 3 }),
      lines: fc.uniqueArray(fc.record({ id: guid, pkgId: fc.option(guid, { nil: null }), qtyFulfilled: fc.integer({ min: 0, max: 9 }), svcId: fc.constantFrom('WWHR001', 'LNCH001'), duration: fc.constantFrom(15, 45) }), { minLength: 3, maxLength: 9, selector: (line) => line.id }),
      therapist: fc.integer({ min: 0, max: 30 }),
      date: fc.oneof(fc.constant(''), day),
      packages: fc.array(fc.record({ pkgId: guid, isPkgUsed: fc.boolean() }), { maxLength: CARD_MAX_PACKAGES }),
    })
    .map(({ header, areas, lines, therapist, date, packages }) => ({
      header,
      svcAreas: areas.map((areaId, i) => ({
        areaId,
        svcTherapist: therapist,
        svcDate: date,
        svcNote: 'a note',
        svcTypes: [
          {
            svcTypeId: 1,
            svcArray: lines.slice(i * 3, i * 3 + 3).map((line) => ({
              ...line,
              // Sessions fulfilled mean something only on a package line.
              qtyFulfilled: line.pkgId ? line.qtyFulfilled : 0,
              packageType: line.pkgId ? 3 : 0,
              qtyCombined: line.pkgId ? 3 : 0,
              isPackage: line.pkgId !== null,
              isOrdered: true,
              serviceTypeId: 1,
              gen: Number(header.gender),
              areaId,
            })),
          },
        ],
      })).filter((area) => area.svcTypes[0]!.svcArray.length > 0),
      pkgAreas: [],
      pkgAvailable: packages,
    }));

  /** Checks one part of the card after the cookie round trip against its entry in CARD_COOKIE_FIELDS. */
  function expectCarried<P extends keyof typeof CARD_COOKIE_FIELDS>(part: P, before: Record<string, unknown>, after: Record<string, unknown>, derived: Record<string, unknown> = {}) {
    const defaults = part === 'header' ? cardHeaderSchema.parse({}) : part === 'line' ? serviceLineSchema.parse({ serviceTypeId: 1, gen: 0, id: before.id, areaId: 1 }) : {};
    for (const [field, carry] of Object.entries(CARD_COOKIE_FIELDS[part]) as [string, CookieCarry][]) {
      if (field === 'svcAreas' || field === 'svcTypes' || field === 'svcArray' || field === 'header' || field === 'pkgAvailable') continue;
      const expected = carry === 'kept' ? before[field] : carry === 'derived' ? derived[field] : field in defaults ? defaults[field as keyof typeof defaults] : part === 'area' ? '' : [];
      expect({ part, field, value: after[field] }).toEqual({ part, field, value: expected });
    }
  }

  it('carries each field through the cookie as the map says, and what the cookie gives back is a valid API card', () => {
    fc.assert(
      fc.property(arbitraryCard, (card) => {
        const back = cardFromCookie(cardToCookie(card));
        expect(back).toBeDefined();
        expectCarried('card', card as never, back as never);
        expectCarried('header', card.header as never, back!.header as never);
        expect(back!.svcAreas).toHaveLength(card.svcAreas.length);
        card.svcAreas.forEach((area, i) => {
          const got = back!.svcAreas[i]!;
          expectCarried('area', area as never, got as never);
          area.svcTypes.forEach((type, j) => {
            expectCarried('serviceType', type as never, got.svcTypes[j] as never);
            type.svcArray.forEach((line, k) => {
              const read = got.svcTypes[j]!.svcArray[k]!;
              expectCarried('line', line as never, read as never, { isPackage: line.pkgId !== null, gen: Number(card.header.gender), areaId: area.areaId });
            });
          });
        });
        back!.pkgAvailable.forEach((pkg, i) => expectCarried('package', card.pkgAvailable[i] as never, pkg as never));
        // Cookie to API: with a time chosen for each area, the card the cookie gives back is one the API accepts.
        const timed = { ...back!, svcAreas: back!.svcAreas.map((area) => ({ ...area, svcDate: area.svcDate ? `${area.svcDate} 10:00` : '2027-01-11 10:00' })) };
        expect(appointmentCardSchema.safeParse(timed).error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
