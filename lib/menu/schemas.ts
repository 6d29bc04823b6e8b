import { z } from 'zod';
import { SERVICE_TYPES } from '@/lib/catalog/data';
import { MAX_SERVICE_MINUTES, MIN_SERVICE_MINUTES, SERVICE_MINUTES_STEP } from '@/lib/catalog/schema';
import { BODY_PART_VALUES, DISCOUNTS, LOCATIONS, PACKAGE_SIZES, TABS, type LocationSlug } from '@/lib/catalog/tables';
import type { DepositRule } from '@/lib/deposits/rule';
import { readStampSchema } from '@/lib/api/stale-copy';
import { hasHiddenCharacter } from '@/lib/security/hidden-characters';
import { parsePrice } from './money';

/**
 * What the owner may send the menu editor (issue 33, item 2), one schema for the API and the page's forms: each
 * mistake gets a sentence for the field it names, and nothing is written unless the whole change is valid. Numbers
 * are taken as JSON numbers or as the text a form field holds ('70.50', '45').
 */

export const MAX_PRICE = 10_000;
export const NAME_MAX = 60;
export const OFFER_NAME_MAX = 80;
export const DESC_MAX = 500;
export const BUNDLE_MIN_SERVICES = 2;
export const BUNDLE_MAX_SERVICES = 8;

export const LOCATION_SLUGS = LOCATIONS.map((location) => location.slug) as [LocationSlug, ...LocationSlug[]];
/** The specification's discount percentages (section 9): the shop's '{n}%OFF' codes exist for these only. */
export const DISCOUNT_PERCENTS: readonly number[] = [...new Set<number>(Object.values(DISCOUNTS))].sort((a, b) => a - b);

const numberText = (value: unknown) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

const PRICE_MESSAGE = 'Enter a price in dollars, like 70 or 70.50.';
export const priceSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (parsePrice(value) ?? value) : value),
  z
    .number({ error: PRICE_MESSAGE })
    .min(0, 'A price cannot be below $0.')
    .max(MAX_PRICE, `A price is at most $${MAX_PRICE.toLocaleString('en-US')}.`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use whole cents, like 70.50.'),
);

export const durationInputSchema = z.preprocess(
  numberText,
  z
    .number({ error: 'Enter the minutes it takes, like 45.' })
    .int('Enter whole minutes, like 45.')
    .min(MIN_SERVICE_MINUTES, `A service takes ${MIN_SERVICE_MINUTES} to ${MAX_SERVICE_MINUTES} minutes.`)
    .max(MAX_SERVICE_MINUTES, `A service takes ${MIN_SERVICE_MINUTES} to ${MAX_SERVICE_MINUTES} minutes.`)
    .refine((n) => n % SERVICE_MINUTES_STEP === 0, `Use steps of ${SERVICE_MINUTES_STEP} minutes (45, 60, 75, …).`),
);

function textSchema(label: string, max: number) {
  return z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Use at most ${max} characters.`)
    .refine((text) => !hasHiddenCharacter(text), 'This holds a hidden character (a line break or a text-direction mark). Please type it again.')
    .refine((text) => !/[<>]/.test(text), 'Use letters, digits, spaces and punctuation only.');
}

export const serviceNameSchema = textSchema('name', NAME_MAX).refine((name) => /[\p{L}\p{N}]/u.test(name), 'The name needs a letter or a digit.');
export const offerNameSchema = textSchema('name', OFFER_NAME_MAX);

/** A description: one paragraph (line breaks become spaces); empty means none. */
export const descSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s*[\r\n]+\s*/g, ' ') : value),
  z.union([z.literal('').transform(() => null), z.null(), textSchema('description', DESC_MAX)], { error: `Enter a description of at most ${DESC_MAX} characters, or leave it empty.` }),
);
const offerDescSchema = z.preprocess((value) => (typeof value === 'string' ? value.replace(/\s*[\r\n]+\s*/g, ' ') : value), textSchema('description', DESC_MAX));

export const bookableAtSchema = z
  .array(z.enum(LOCATION_SLUGS, { error: 'Choose locations by their slug: soho, midtown, williamsburg or nolita.' }), { error: 'List the locations as slugs: soho, midtown, williamsburg, nolita.' })
  .max(LOCATION_SLUGS.length * 2, 'List each location once.')
  .transform((slugs) => LOCATION_SLUGS.filter((slug) => slugs.includes(slug)));

export const genderSchema = z.preprocess(
  (value) => (value === 'women' ? 0 : value === 'men' ? 1 : numberText(value)),
  z.union([z.literal(0), z.literal(1)], { error: 'Choose women (0) or men (1).' }),
);

const bodyPartSchema = z.preprocess(
  numberText,
  z.number({ error: 'Choose a body part.' }).refine((n) => (BODY_PART_VALUES as readonly number[]).includes(n), 'Choose a body part.'),
);

/** `updatedAt` only says which copy the change was made from: it is no change by itself. */
const anyChange = (value: Record<string, unknown>) => Object.entries(value).some(([key, field]) => key !== 'updatedAt' && field !== undefined);

const DEPOSIT_AMOUNT_MESSAGE = `Enter the deposit in whole dollars, from $1 to $${MAX_PRICE.toLocaleString('en-US')}, like 50.`;
const DEPOSIT_PERCENT_MESSAGE = 'Enter a whole percentage of the price from 1 to 100, like 25.';
/**
 * The deposit online booking asks for (issue 37): none (null, '' or 'none'), a fixed amount in whole dollars (the
 * shop's deposit line is $1.00 a unit), or a whole percentage of the price. Stored as lib/deposits/rule.ts's rule.
 */
export const depositInputSchema = z
  .preprocess(
    (value) => (value === null || value === '' || value === 'none' ? { kind: 'none' } : value),
    z.discriminatedUnion(
      'kind',
      [
        z.strictObject({ kind: z.literal('none') }),
        z.strictObject({
          kind: z.literal('fixed'),
          amount: z.preprocess(
            (value) => (typeof value === 'string' ? (parsePrice(value) ?? value) : value),
            z.number({ error: DEPOSIT_AMOUNT_MESSAGE }).int(DEPOSIT_AMOUNT_MESSAGE).min(1, DEPOSIT_AMOUNT_MESSAGE).max(MAX_PRICE, DEPOSIT_AMOUNT_MESSAGE),
          ),
        }),
        z.strictObject({
          kind: z.literal('percent'),
          percent: z.preprocess((value) => (typeof value === 'string' ? numberText(value.trim().replace(/\s*%$/, '')) : value), z.number({ error: DEPOSIT_PERCENT_MESSAGE }).int(DEPOSIT_PERCENT_MESSAGE).min(1, DEPOSIT_PERCENT_MESSAGE).max(100, DEPOSIT_PERCENT_MESSAGE)),
        }),
      ],
      { error: "A deposit is none, { kind: 'fixed', amount } in dollars or { kind: 'percent', percent }." },
    ),
  )
  .transform((value): DepositRule | null => (value.kind === 'none' ? null : value.kind === 'fixed' ? { kind: 'fixed', cents: value.amount * 100 } : { kind: 'percent', percent: value.percent }));

/** PATCH /api/desk/catalog/services/{id}/: any of its fields. */
export const serviceChangeSchema = z
  .strictObject(
    {
      name: serviceNameSchema.optional(),
      desc: descSchema.optional(),
      price: priceSchema.optional(),
      duration: durationInputSchema.optional(),
      bookableAt: bookableAtSchema.optional(),
      deposit: depositInputSchema.optional(),
      updatedAt: readStampSchema.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `A service's fields are name, desc, price, duration, bookableAt and deposit: not ${issue.keys.join(', ')}.` : 'Send the change as a JSON object.') },
  )
  .refine(anyChange, 'Send at least one of name, desc, price, duration, bookableAt and deposit.');
export type ServiceChange = z.output<typeof serviceChangeSchema>;

/** POST /api/desk/catalog/services/: a new service in a tab (a gender and one of its service types). */
export const serviceCreateSchema = z
  .strictObject(
    {
      gender: genderSchema,
      svcType: z.preprocess(numberText, z.number({ error: 'Choose a service type.' }).int('Choose a service type.')),
      name: serviceNameSchema,
      desc: descSchema.default(null),
      price: priceSchema,
      duration: durationInputSchema,
      bookableAt: bookableAtSchema.optional(),
      bp: bodyPartSchema.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `A new service's fields are gender, svcType, name, desc, price, duration, bookableAt and bp: not ${issue.keys.join(', ')}.` : 'Send the service as a JSON object.') },
  )
  .superRefine((value, context) => {
    if (!SERVICE_TYPES.some((type) => type.id === value.svcType && type.gen === value.gender)) {
      context.addIssue({ code: 'custom', path: ['svcType'], message: `Choose a service type of the ${value.gender === 0 ? "women's" : "men's"} menu.` });
    }
  });
export type ServiceCreate = z.output<typeof serviceCreateSchema>;

export const sessionsSchema = z.preprocess(
  numberText,
  z
    .number({ error: `Choose ${PACKAGE_SIZES.slice(0, -1).join(', ')} or ${PACKAGE_SIZES.at(-1)} sessions.` })
    .refine((n) => (PACKAGE_SIZES as readonly number[]).includes(n), `Choose ${PACKAGE_SIZES.slice(0, -1).join(', ')} or ${PACKAGE_SIZES.at(-1)} sessions.`),
);

const DISCOUNT_MESSAGE = `Choose a discount of ${DISCOUNT_PERCENTS.slice(0, -1).join(', ')} or ${DISCOUNT_PERCENTS.at(-1)}%, or none.`;
/** A percentage of the specification's discounts, or null (a form's '' or 'none'). */
export const discountSchema = z.preprocess(
  (value) => (value === '' || value === 'none' ? null : typeof value === 'string' ? numberText(value.replace(/%$/, '')) : value),
  z.union([z.null(), z.number({ error: DISCOUNT_MESSAGE }).refine((n) => DISCOUNT_PERCENTS.includes(n), DISCOUNT_MESSAGE)], { error: DISCOUNT_MESSAGE }),
);

const fullPriceSchema = z.boolean({ error: 'fullPrice is true or false.' });

const serviceIdSchema = z.uuid('Choose a service of the menu.').transform((id) => id.toLowerCase());
export const bundleServicesSchema = z
  .array(serviceIdSchema, { error: 'List the services of the bundle.' })
  .min(BUNDLE_MIN_SERVICES, `A bundle holds ${BUNDLE_MIN_SERVICES} to ${BUNDLE_MAX_SERVICES} services.`)
  .max(BUNDLE_MAX_SERVICES, `A bundle holds ${BUNDLE_MIN_SERVICES} to ${BUNDLE_MAX_SERVICES} services.`)
  .refine((ids) => new Set(ids).size === ids.length, 'List each service once.');

const offerKeys = (issue: { code: string; keys?: string[] }, fields: string) =>
  issue.code === 'unrecognized_keys' ? `Its fields are ${fields}: not ${issue.keys?.join(', ')}.` : 'Send it as a JSON object.';

/** POST /api/desk/catalog/offers/: a package of one service, or a bundle of several. */
export const offerCreateSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject(
      {
        kind: z.literal('package'),
        serviceId: serviceIdSchema,
        sessions: sessionsSchema,
        discount: discountSchema,
        fullPrice: fullPriceSchema.default(false),
        name: offerNameSchema.optional(),
        desc: offerDescSchema.optional(),
      },
      { error: (issue) => offerKeys(issue, 'kind, serviceId, sessions, discount, fullPrice, name and desc') },
    ),
    z.strictObject(
      {
        kind: z.literal('bundle'),
        serviceIds: bundleServicesSchema,
        discount: discountSchema,
        fullPrice: fullPriceSchema.default(false),
        name: offerNameSchema,
        desc: offerDescSchema,
      },
      { error: (issue) => offerKeys(issue, 'kind, serviceIds, discount, fullPrice, name and desc') },
    ),
  ],
  { error: "Say which kind: 'package' or 'bundle'." },
);
export type OfferCreate = z.output<typeof offerCreateSchema>;

/** PATCH /api/desk/catalog/offers/{id}/: sessions only for a package, serviceIds only for a bundle (the editor checks). */
export const offerChangeSchema = z
  .strictObject(
    {
      name: offerNameSchema.optional(),
      desc: offerDescSchema.optional(),
      sessions: sessionsSchema.optional(),
      discount: discountSchema.optional(),
      fullPrice: fullPriceSchema.optional(),
      serviceIds: bundleServicesSchema.optional(),
      updatedAt: readStampSchema.optional(),
    },
    { error: (issue) => offerKeys(issue, 'name, desc, sessions, discount, fullPrice and serviceIds') },
  )
  .refine(anyChange, 'Send at least one of name, desc, sessions, discount, fullPrice and serviceIds.');
export type OfferChange = z.output<typeof offerChangeSchema>;

export const idParamsSchema = z.object({ id: z.uuid('must be an id of the menu').transform((id) => id.toLowerCase()) });

const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/desk/catalog/services/?q=&gender=&tab=&status= (and the page's finder). */
export const serviceQuerySchema = z.object({
  q: z.preprocess(blankAsMissing, z.string().trim().max(60, 'Search with at most 60 characters.').optional()),
  gender: z.preprocess(blankAsMissing, z.enum(['women', 'men'], { error: "gender is 'women' or 'men'." }).optional()),
  tab: z.preprocess(blankAsMissing, z.enum(TABS.filter((tab) => tab.name !== 'favorites').map((tab) => tab.name) as [string, ...string[]], { error: 'tab is a tab of the menu, like wax or laser.' }).optional()),
  status: z.preprocess(blankAsMissing, z.enum(['live', 'retired', 'all'], { error: "status is 'live', 'retired' or 'all'." }).default('live')),
});
export type ServiceQuery = z.output<typeof serviceQuerySchema>;

/** GET /api/desk/catalog/offers/?kind=&serviceId=&q=&gender=&tab=&status=. */
export const offerQuerySchema = serviceQuerySchema.extend({
  kind: z.preprocess(blankAsMissing, z.enum(['package', 'bundle'], { error: "kind is 'package' or 'bundle'." }).optional()),
  serviceId: z.preprocess(blankAsMissing, z.uuid('serviceId is the id of a service.').optional()),
});
export type OfferQuery = z.output<typeof offerQuerySchema>;
