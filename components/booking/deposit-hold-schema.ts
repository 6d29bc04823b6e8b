import * as z from 'zod/mini';

/** The deposit hold kept in the tab (deposit-hold.ts). */
export interface DepositHold {
  id: string;
  checkoutUrl: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** The hold as the tab kept it: read only when one is kept (deposit-hold.ts), so zod stays out of the page's script. */
export const heldSchema: z.ZodMiniType<DepositHold> = z.object({ id: z.string(), checkoutUrl: z.string(), expiresAt: z.number() });
