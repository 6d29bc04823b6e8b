import { z } from 'zod';
import { GUID_PATTERN } from '@/lib/catalog/schema';
import { isServiceTypeFlag } from '@/lib/catalog/tables';
import {
  localToUtcMs,
  parseDateInLocationTz,
  parseDateTimeInLocationTz,
  parseSlotStartIso,
  TIME_ZONE,
} from './dates';

/**
 * The appointment card of specification section 3, as request bodies carry it. Field names are the specification's.
 * Prices and durations in a body are never trusted: the server recomputes them from the catalogue.
 */

export const CARD_LIMITS = { areas: 6, typesPerArea: 30, linesPerType: 30, lines: 30, packages: 20, note: 500, url: 2048 } as const;

const guid = z.string().regex(GUID_PATTERN, 'must be a GUID');
const guidOrEmpty = z.union([z.literal(''), guid]);
const smallInt = (max: number) => z.number().int().min(0).max(max);
const digits = z.union([z.string().regex(/^\d{1,2}$/, 'must be a number'), smallInt(99).transform(String)]);

/** '', a local 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' in New York time, or a UTC instant ('...Z'). */
export const svcDateSchema = z
  .string()
  .max(40)
  .refine((v) => v === '' || parseDateInLocationTz(v) || parseDateTimeInLocationTz(v) || parseSlotStartIso(v), {
    message: "must be '', YYYY-MM-DD, 'YYYY-MM-DD HH:mm' (New York time) or a UTC instant",
  });

export const serviceLineSchema = z.object({
  pkgId: guid.nullable().default(null),
  packageType: smallInt(9).default(0),
  qtyFulfilled: smallInt(99).default(0),
  qtyCombined: smallInt(99).default(0),
  svcId: z.string().max(20).default(''),
  duration: smallInt(1440).default(0),
  isPackage: z.boolean().default(false),
  isOrdered: z.boolean().default(false),
  serviceTypeId: z.number().int().refine((n): boolean => isServiceTypeFlag(n), 'not a service-type flag'),
  gen: z.union([z.literal(0), z.literal(1)]),
  id: guid,
  areaId: z.number().int().min(1).max(6),
});

export const cardServiceTypeSchema = z.object({
  svcTypeId: z.number().int().refine((n): boolean => isServiceTypeFlag(n), 'not a service-type flag'),
  svcArray: z.array(serviceLineSchema).min(1).max(CARD_LIMITS.linesPerType),
});

export const cardAreaSchema = z.object({
  areaId: z.number().int().min(1).max(6),
  svcTherapist: z.number().int().min(0).max(10_000),
  svcDate: svcDateSchema,
  svcNote: z.string().max(CARD_LIMITS.note).default(''),
  svcTypes: z.array(cardServiceTypeSchema).min(1).max(CARD_LIMITS.typesPerArea),
});

export const cardHeaderSchema = z.object({
  url: z.string().max(CARD_LIMITS.url).default(''),
  customerId: guidOrEmpty.default(''),
  aptId: guidOrEmpty.default(''),
  location: z.union([z.string().regex(/^[0-4]$/, 'must be a location id 0 to 4'), z.number().int().min(0).max(4).transform(String)]).default('1'),
  gender: z.union([z.string(), z.number()]).transform(String).pipe(z.enum(['0', '1'], 'must be 0 or 1')).default('0'),
  customerType: smallInt(99).default(0),
  status: digits.default('1'),
  source: digits.default('8'),
});

export const packageAvailabilitySchema = z.object({ pkgId: guid, isPkgUsed: z.boolean() });

export const appointmentCardSchema = z
  .object({
    header: cardHeaderSchema,
    svcAreas: z.array(cardAreaSchema).max(CARD_LIMITS.areas),
    pkgAreas: z.array(cardAreaSchema).max(CARD_LIMITS.areas).default([]),
    pkgAvailable: z.array(packageAvailabilitySchema).max(CARD_LIMITS.packages).default([]),
  })
  .superRefine((card, ctx) => {
    const areaIds = new Set<number>();
    let lines = 0;
    card.svcAreas.forEach((area, i) => {
      if (areaIds.has(area.areaId)) ctx.addIssue({ code: 'custom', path: ['svcAreas', i, 'areaId'], message: 'each area appears once' });
      areaIds.add(area.areaId);
      for (const type of area.svcTypes) {
        lines += type.svcArray.length;
        for (const line of type.svcArray) {
          if (line.areaId !== area.areaId) ctx.addIssue({ code: 'custom', path: ['svcAreas', i], message: 'a service line sits in its own area' });
          if (line.isPackage && !line.pkgId) ctx.addIssue({ code: 'custom', path: ['svcAreas', i], message: 'a package line names its pkgId' });
        }
      }
    });
    if (lines > CARD_LIMITS.lines) ctx.addIssue({ code: 'custom', path: ['svcAreas'], message: `at most ${CARD_LIMITS.lines} services` });
  });

export type AppointmentCardInput = z.input<typeof appointmentCardSchema>;
export type AppointmentCard = z.output<typeof appointmentCardSchema>;
export type CardArea = AppointmentCard['svcAreas'][number];
export type ServiceLine = CardArea['svcTypes'][number]['svcArray'][number];

/** Appointment status codes in `header.status`. */
export const APPOINTMENT_STATUS = { BOOKED: '1', CANCELLED: '2' } as const;

/**
 * The instant an area's appointment starts, from its svcDate: a UTC instant as is, a local 'YYYY-MM-DD HH:mm' in the
 * location's time zone. A bare date (or '') names no time and gives undefined.
 */
export function appointmentStartMs(svcDate: string, timeZone: string = TIME_ZONE): number | undefined {
  const iso = parseSlotStartIso(svcDate);
  if (iso) return Date.parse(iso);
  const local = parseDateTimeInLocationTz(svcDate);
  return local ? localToUtcMs(local, timeZone) : undefined;
}
