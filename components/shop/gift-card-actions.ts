'use server';

import { redirect, RedirectType } from 'next/navigation';
import { callHandler, errorOf, formText } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { handleGiftCardCheckout } from '@/lib/gift-cards/handlers';
import { GIFT_CARD_FORM, GIFT_CARDS_PAGE } from './gift-card-form-names';

/**
 * 'Buy' on /gift-cards/: the amount and address to the JSON API's handler (the same rate limit, checks and answers),
 * then the browser goes on to the shop's checkout; a refusal comes back to the form with its sentence (flash).
 */
export async function buyGiftCardAction(data: FormData): Promise<void> {
  const values = { dollars: formText(data, 'dollars').slice(0, 10), email: formText(data, 'email').slice(0, 300) };
  const dollars = /^\d{1,4}$/.test(values.dollars) ? Number(values.dollars) : values.dollars;
  const reply = await callHandler(handleGiftCardCheckout, '/api/shop/gift-cards/', { dollars, email: values.email });
  const checkoutUrl = (reply.body as { checkoutUrl?: unknown } | undefined)?.checkoutUrl;
  if (reply.ok && typeof checkoutUrl === 'string') redirect(checkoutUrl, RedirectType.push);
  const { code, message, fields } = errorOf(reply);
  redirect(await flashFormState(GIFT_CARD_FORM, { outcome: 'error', code, message, fields, values }, `${GIFT_CARDS_PAGE}#buy`), RedirectType.push);
}
