import * as z from 'zod/mini';
import type { DepositHold } from './deposit-hold';

/** The hold as the tab kept it: read only when one is kept (deposit-hold.ts), so zod stays out of the page's script. */
export const heldSchema: z.ZodMiniType<DepositHold> = z.object({ id: z.string(), checkoutUrl: z.string(), expiresAt: z.number() });
