import * as z from 'zod/mini';
import { CUSTOMER_BUSY_MESSAGE, SLOT_TAKEN_MESSAGE } from '@/lib/booking/messages';
import { failureMessage } from './messages';

// BOOK imports this module when pressed (use-booking-submit.ts): any zod schema brings zod's whole core into the
// script that holds it (docs/performance.md), and the page's first script carries none.

/** What the booking POST's answer means for the page. */
export type BookingAnswer =
  | { kind: 'booked'; aptId: string }
  | { kind: 'deposit'; id: string; checkoutUrl: string; expiresAt?: string }
  | { kind: 'sign-in' }
  | { kind: 'slot-taken'; message: string }
  | { kind: 'failed'; message: string };

const bookedAnswerSchema = z.object({ header: z.object({ aptId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i)) }) });
/** 202: the visit asks for a deposit; its times are held and the shop's checkout is open (lib/deposits/booking.ts). */
const depositAnswerSchema = z.object({
  deposit: z.object({
    id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i)),
    checkoutUrl: z.url({ protocol: /^https?$/ }),
    expiresAt: z.optional(z.iso.datetime({ offset: true })),
  }),
});

export function readBookingAnswer(response: { ok: boolean; status: number }, answer: unknown): BookingAnswer {
  const booked = bookedAnswerSchema.safeParse(answer);
  if (response.ok && booked.success) return { kind: 'booked', aptId: booked.data.header.aptId };
  const deposit = depositAnswerSchema.safeParse(answer);
  if (response.status === 202 && deposit.success) return { kind: 'deposit', ...deposit.data.deposit };
  if (response.status === 401) return { kind: 'sign-in' };
  // 416 is a time taken meanwhile, or (customer_busy) the customer's own appointment then: said apart.
  if (response.status === 416) {
    const code = (answer as { error?: { code?: unknown } } | null)?.error?.code;
    return { kind: 'slot-taken', message: code === 'customer_busy' ? CUSTOMER_BUSY_MESSAGE : SLOT_TAKEN_MESSAGE };
  }
  return { kind: 'failed', message: failureMessage(response.status, (answer as { error?: { message?: unknown } } | null)?.error?.message) };
}

