import { z } from 'zod';
import { MAX_DEPOSIT_CENTS } from './rule';

/*
 * Apart from the rule's arithmetic (rule.ts), which the booking page's first script carries: classic zod there cost
 * that page 13 KB of gzip.
 */

/** A stored rule (catalog_services.deposit), as the database's check constraint allows it and whole dollars. */
export const depositRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fixed'), cents: z.number().int().min(100).max(MAX_DEPOSIT_CENTS).multipleOf(100) }),
  z.strictObject({ kind: z.literal('percent'), percent: z.number().int().min(1).max(100) }),
]);
