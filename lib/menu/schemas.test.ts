import { fieldErrors } from '@/lib/api/errors';
import type { z } from 'zod';
import { formatCents, parsePrice, priceFieldValue } from './money';
import { discountSchema, offerChangeSchema, offerCreateSchema, serviceChangeSchema, serviceCreateSchema, serviceQuerySchema } from './schemas';

/** The field messages a body gets, as the API answers them (lib/api fieldErrors). */
function messages(schema: z.ZodType, body: unknown): Record<string, string> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  return fieldErrors(parsed.error);
}

const SERVICE = '7d0f4a3e-1c2b-4d5e-8f90-123456789abc';
const OTHER = '0a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d';

describe('prices as the owner types them', () => {
  it('reads dollars and cents, with or without a $ and thousands commas', () => {
    expect(parsePrice('70')).toBe(70);
    expect(parsePrice(' 70.5 ')).toBe(70.5);
    expect(parsePrice('$70.05')).toBe(70.05);
    expect(parsePrice('$1,070.00')).toBe(1070);
    expect(parsePrice('0')).toBe(0);
  });
  it('refuses a third decimal, letters and misplaced commas, and reads a minus sign for the schema to refuse', () => {
    for (const text of ['70.055', 'seventy', '1,07', '', '$', '70.', '1e3', '--5']) expect(parsePrice(text)).toBeUndefined();
    expect(parsePrice('-5')).toBe(-5);
    expect(parsePrice('-$5.50')).toBe(-5.5);
  });
  it('writes cents for the log and plain numbers for the field', () => {
    expect(formatCents(65)).toBe('$65.00');
    expect(formatCents(1070.5)).toBe('$1,070.50');
    expect(priceFieldValue(75)).toBe('75');
    expect(priceFieldValue(97.5)).toBe('97.50');
  });
});

describe('a change of a service', () => {
  it('takes name, desc, price, duration and bookableAt, from JSON numbers or form text', () => {
    expect(serviceChangeSchema.parse({ price: 70 })).toEqual({ price: 70 });
    expect(serviceChangeSchema.parse({ price: '70.50', duration: '60' })).toEqual({ price: 70.5, duration: 60 });
    expect(serviceChangeSchema.parse({ name: '  Brazilian  ', desc: 'Line one\r\nline two' })).toEqual({ name: 'Brazilian', desc: 'Line one line two' });
    expect(serviceChangeSchema.parse({ desc: '' })).toEqual({ desc: null });
    expect(serviceChangeSchema.parse({ bookableAt: ['nolita', 'soho', 'soho'] })).toEqual({ bookableAt: ['soho', 'nolita'] });
    expect(serviceChangeSchema.parse({ bookableAt: [] })).toEqual({ bookableAt: [] });
  });

  it('allows 15 to 360 minutes in steps of 15, each mistake with its own sentence', () => {
    for (const minutes of [15, 45, 180, 195, 360]) expect(serviceChangeSchema.safeParse({ duration: minutes }).success).toBe(true);
    expect(messages(serviceChangeSchema, { duration: 375 })).toEqual({ duration: 'A service takes 15 to 360 minutes.' });
    expect(messages(serviceChangeSchema, { duration: 0 })).toEqual({ duration: 'A service takes 15 to 360 minutes.' });
    expect(messages(serviceChangeSchema, { duration: 50 })).toEqual({ duration: 'Use steps of 15 minutes (45, 60, 75, …).' });
    expect(messages(serviceChangeSchema, { duration: 45.5 })).toEqual({ duration: 'Enter whole minutes, like 45.' });
    expect(messages(serviceChangeSchema, { duration: 'an hour' })).toEqual({ duration: 'Enter the minutes it takes, like 45.' });
  });

  it('refuses a price below $0, above $10,000, in part-cents or as words', () => {
    expect(messages(serviceChangeSchema, { price: -1 })).toEqual({ price: 'A price cannot be below $0.' });
    expect(messages(serviceChangeSchema, { price: '-5' })).toEqual({ price: 'A price cannot be below $0.' });
    expect(messages(serviceChangeSchema, { price: 10_000.01 })).toEqual({ price: 'A price is at most $10,000.' });
    expect(messages(serviceChangeSchema, { price: 70.555 })).toEqual({ price: 'Use whole cents, like 70.50.' });
    expect(messages(serviceChangeSchema, { price: 'seventy' })).toEqual({ price: 'Enter a price in dollars, like 70 or 70.50.' });
    expect(messages(serviceChangeSchema, { price: null })).toEqual({ price: 'Enter a price in dollars, like 70 or 70.50.' });
  });

  it('refuses an empty name, one without letters, a hidden character, markup or an unknown location', () => {
    expect(messages(serviceChangeSchema, { name: '   ' })).toEqual({ name: 'Enter the name.' });
    expect(messages(serviceChangeSchema, { name: '---' })).toEqual({ name: 'The name needs a letter or a digit.' });
    expect(messages(serviceChangeSchema, { name: 'Brazil\u202Eian' }).name).toMatch(/hidden character/);
    expect(messages(serviceChangeSchema, { name: '<b>Brazilian</b>' }).name).toMatch(/letters, digits/);
    expect(messages(serviceChangeSchema, { name: 'x'.repeat(61) })).toEqual({ name: 'Use at most 60 characters.' });
    expect(messages(serviceChangeSchema, { desc: 'y'.repeat(501) }).desc).toMatch(/500/);
    expect(messages(serviceChangeSchema, { bookableAt: ['soho', 'brooklyn'] })).toEqual({ 'bookableAt.1': 'Choose locations by their slug: soho, midtown, williamsburg or nolita.' });
    expect(messages(serviceChangeSchema, { bookableAt: 'soho' })).toEqual({ bookableAt: 'List the locations as slugs: soho, midtown, williamsburg, nolita.' });
  });

  it('refuses an empty change and fields a service does not have, naming them', () => {
    expect(messages(serviceChangeSchema, {})).toEqual({ _: 'Send at least one of name, desc, price, duration, bookableAt and deposit.' });
    expect(messages(serviceChangeSchema, { price: 70, sku: 'X' })._).toBe("A service's fields are name, desc, price, duration, bookableAt and deposit: not sku.");
    expect(messages(serviceChangeSchema, [1])._).toBe('Send the change as a JSON object.');
  });
});

describe('a new service', () => {
  const base = { gender: 0, svcType: 1, name: 'Nape', price: 20, duration: 15 };
  it('needs a gender, a service type of that gender, a name, a price and a duration', () => {
    expect(serviceCreateSchema.parse(base)).toEqual({ ...base, desc: null });
    expect(serviceCreateSchema.parse({ ...base, gender: 'men', svcType: '2' })).toMatchObject({ gender: 1, svcType: 2 });
    expect(messages(serviceCreateSchema, { ...base, svcType: 2 })).toEqual({ svcType: "Choose a service type of the women's menu." });
    expect(messages(serviceCreateSchema, { ...base, svcType: 3 })).toEqual({ svcType: "Choose a service type of the women's menu." });
    expect(messages(serviceCreateSchema, { ...base, gender: 2 })).toEqual({ gender: 'Choose women (0) or men (1).' });
    expect(Object.keys(messages(serviceCreateSchema, { gender: 0, svcType: 1 })).sort()).toEqual(['duration', 'name', 'price']);
    expect(messages(serviceCreateSchema, { ...base, bp: 3 })).toEqual({ bp: 'Choose a body part.' });
  });
});

describe('packages and bundles', () => {
  it('takes the specification discounts only, or none', () => {
    for (const percent of [10, 15, 20, 25, 30, 35, 40, 50]) expect(discountSchema.parse(percent)).toBe(percent);
    expect(discountSchema.parse('')).toBeNull();
    expect(discountSchema.parse('20%')).toBe(20);
    expect(discountSchema.parse(null)).toBeNull();
    expect(messages(discountSchema, 12)).toEqual({ _: 'Choose a discount of 10, 15, 20, 25, 30, 35, 40 or 50%, or none.' });
  });

  it('a package names one service and its sessions; a bundle 2 to 8 services, a name and a description', () => {
    expect(offerCreateSchema.parse({ kind: 'package', serviceId: SERVICE.toUpperCase(), sessions: '3', discount: '15' })).toEqual({
      kind: 'package',
      serviceId: SERVICE,
      sessions: 3,
      discount: 15,
      fullPrice: false,
    });
    expect(messages(offerCreateSchema, { kind: 'package', serviceId: SERVICE, sessions: 7, discount: 15 })).toEqual({ sessions: 'Choose 1, 2, 3, 4, 5, 6 or 9 sessions.' });
    expect(messages(offerCreateSchema, { kind: 'bundle', serviceIds: [SERVICE], discount: null, name: 'Duo', desc: 'Two.' })).toEqual({ serviceIds: 'A bundle holds 2 to 8 services.' });
    expect(messages(offerCreateSchema, { kind: 'bundle', serviceIds: [SERVICE, SERVICE], discount: null, name: 'Duo', desc: 'Two.' })).toEqual({ serviceIds: 'List each service once.' });
    expect(offerCreateSchema.parse({ kind: 'bundle', serviceIds: [SERVICE, OTHER], discount: 20, name: 'Duo', desc: 'Two.' })).toMatchObject({ serviceIds: [SERVICE, OTHER] });
    expect(messages(offerCreateSchema, { kind: 'gift', serviceId: SERVICE })).toEqual({ kind: "Say which kind: 'package' or 'bundle'." });
  });

  it('a change names at least one field and no price: the price follows from the discount', () => {
    expect(offerChangeSchema.parse({ discount: 20 })).toEqual({ discount: 20 });
    expect(offerChangeSchema.parse({ discount: null })).toEqual({ discount: null });
    expect(messages(offerChangeSchema, {})._).toMatch(/at least one/);
    expect(messages(offerChangeSchema, { price: 100 })._).toBe('Its fields are name, desc, sessions, discount, fullPrice and serviceIds: not price.');
  });
});

describe('the finder', () => {
  it('reads q, gender, tab and status, with live services by default', () => {
    expect(serviceQuerySchema.parse({})).toEqual({ status: 'live' });
    expect(serviceQuerySchema.parse({ q: ' braz ', gender: 'women', tab: 'wax', status: '' })).toEqual({ q: 'braz', gender: 'women', tab: 'wax', status: 'live' });
    expect(serviceQuerySchema.safeParse({ tab: 'favorites' }).success).toBe(false);
    expect(serviceQuerySchema.safeParse({ gender: 'other' }).success).toBe(false);
  });
});
