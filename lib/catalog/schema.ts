import { z } from 'zod';
import { ALL_SERVICE_TYPE_FLAGS, BODY_PART_VALUES, DISCOUNT_IDS, PACKAGE_SIZES } from './tables';

/** 8-4-4-4-12 hex, optionally in braces (specification section 5). */
export const GUID_PATTERN = /^\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?$/;
export const MONIKER_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const guid = z.string().regex(GUID_PATTERN, 'not a GUID');
const moniker = z.string().regex(MONIKER_PATTERN, 'not a URL slug');
const imagePath = z.string().startsWith('/images/');
const flag = z.number().int().refine((n) => (ALL_SERVICE_TYPE_FLAGS as number[]).includes(n), 'not a service-type flag');
const gender = z.union([z.literal(0), z.literal(1)]);
const price = z.number().nonnegative().refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'prices are in whole cents');

/**
 * What a service books: 15 minutes to 6 hours in 15-minute steps. The specification saw up to 180; the owner's menu
 * editor allows up to 360 (issue 33), which the free-time engines fit inside the shortest opening day (7 hours) and
 * MAX_BOOKING_MINUTES (lib/booking/slots.ts).
 */
export const MIN_SERVICE_MINUTES = 15;
export const MAX_SERVICE_MINUTES = 360;
export const SERVICE_MINUTES_STEP = 15;

export const durationSchema = z
  .number()
  .int()
  .min(MIN_SERVICE_MINUTES)
  .max(MAX_SERVICE_MINUTES)
  .refine((n) => n % SERVICE_MINUTES_STEP === 0, 'durations come in 15-minute steps');

/** A package or bundle offer attached to a service (an spkg entry). */
export const packageOfferSchema = z.object({
  pvId: guid,
  pvTitle: z.string().min(1),
  pvDescription: z.string().min(1),
  pvSku: z.string().regex(/^[A-Z0-9]+$/),
  pvType: z.union([z.literal(3), z.literal(4)]),
  pvQtyCombined: z.number().int().refine((n) => (PACKAGE_SIZES as readonly number[]).includes(n)),
  pvPrice: price,
  pvMetaTitle: z.string().min(1),
  pvMetaKeyWord: z.string(),
  pvMetaDescription: z.string().min(1),
  svcSku: z.string(),
  svcGuid: guid,
  svcType: flag,
  svcName: z.string(),
  svcDuration: durationSchema,
  svcMoniker: moniker,
  svcPrice: price,
  moniker,
  discId: z
    .number()
    .int()
    .refine((n) => (DISCOUNT_IDS as readonly number[]).includes(n), 'not a discount id')
    .nullable(),
  discAmount: z.literal(0),
  discPrcentage: z.number().positive().max(100).nullable(),
  discUTitle: z.string().nullable(),
  discTitle: z.string().nullable(),
  spfId: z.number().int().nonnegative(),
  isSpecial: z.union([z.literal(0), z.literal(1)]),
  sm: z.string().nullable(),
  mid: z.string().url().nullable(),
  lg: imagePath,
  /** Marks a price the salon set by hand rather than by the discount arithmetic (specification section 9). */
  priceException: z.boolean().optional(),
});

export const serviceItemSchema = z.object({
  value: z.string().regex(/^[A-Z]{4}\d{3}$|^LNCH00[12]$/),
  name: z.string().min(1),
  duration: durationSchema,
  id: guid,
  bp: z.number().int().refine((n) => (BODY_PART_VALUES as readonly number[]).includes(n), 'not a body part'),
  sa: z
    .number()
    .int()
    .positive()
    .refine((n) => Number.isSafeInteger(n) && Number.isInteger(Math.log2(n)), 'sa is a power of two'),
  moniker,
  title: z.string().min(1),
  desc: z.string().min(1).nullable(),
  svcType: flag,
  price,
  tprice: z.null(),
  gen: gender,
  wt: z.union([z.null(), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  sm: z.string().nullable(),
  mid: z.string().url().nullable(),
  lg: imagePath,
  spkg: z.array(packageOfferSchema),
  areaId: z.number().int().min(1).max(6),
});

export const therapistSchema = z.object({ id: z.number().int().nonnegative(), name: z.string().min(1) });

export const serviceTypeSchema = z.object({
  id: flag,
  areaId: z.number().int().min(1).max(6),
  name: z.string().min(1),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  boxid: z.number().int().nonnegative(),
  serviceItems: z.array(serviceItemSchema).min(1),
});

export const areaSchema = z.object({
  id: z.number().int().min(1).max(6),
  name: z.string().min(1),
  gender,
  location: z.number().int().min(0).max(4),
  serviceTherapists: z.array(therapistSchema).min(1),
  serviceTypes: z.array(serviceTypeSchema).min(1),
});

export type PackageOffer = z.infer<typeof packageOfferSchema>;
export type ServiceItem = z.infer<typeof serviceItemSchema>;
export type Therapist = z.infer<typeof therapistSchema>;
export type Area = z.infer<typeof areaSchema>;
