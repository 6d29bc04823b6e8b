'use server';

import { redirect, RedirectType } from 'next/navigation';
import { callHandler, errorOf, formText } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { parseGiftCardAmounts } from '@/lib/gift-cards/amounts';
import { handleGiftCardAmountsWrite } from '@/lib/gift-cards/handlers';
import { DESK_GIFT_CARDS_FORM, DESK_GIFT_CARDS_PAGE } from './gift-card-form-names';

/**
 * The owner's amounts form: the typed list ('25, 50, 100') read with the same rule as the API, then the API's own
 * handler (the owner check, the log); the answer comes back to the form over a redirect (flash), with or without
 * the page's scripts.
 */
export async function saveGiftCardAmountsAction(data: FormData): Promise<void> {
  const text = formText(data, 'amounts').slice(0, 300);
  const place = `${DESK_GIFT_CARDS_PAGE}#amounts`;
  const parsed = parseGiftCardAmounts(text);
  if (!parsed.ok) {
    redirect(
      await flashFormState(DESK_GIFT_CARDS_FORM, { outcome: 'error', message: 'Please check the amounts.', fields: { amounts: parsed.error }, values: { amounts: text } }, place),
      RedirectType.push,
    );
  }
  const reply = await callHandler(handleGiftCardAmountsWrite, '/api/desk/gift-cards/', { amounts: parsed.amounts });
  if (reply.status === 401 || reply.status === 403) redirect(DESK_GIFT_CARDS_PAGE, RedirectType.push);
  if (!reply.ok) {
    const { code, message, fields } = errorOf(reply);
    redirect(await flashFormState(DESK_GIFT_CARDS_FORM, { outcome: 'error', code, message, fields, values: { amounts: text } }, place), RedirectType.push);
  }
  const unchanged = (reply.body as { changed?: unknown } | undefined)?.changed === false;
  const message = unchanged ? 'Nothing changed.' : 'Saved: /gift-cards/ sells these amounts now.';
  redirect(await flashFormState(DESK_GIFT_CARDS_FORM, { outcome: 'ok', message, fields: {}, values: {} }, place), RedirectType.push);
}
