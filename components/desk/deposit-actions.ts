'use server';

import { redirect, RedirectType } from 'next/navigation';
import { callHandler, errorOf, formText } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { waiveFeeHandler } from '@/lib/deposits/handlers';
import { DEPOSIT_FORM } from './deposit-form-names';

/** 'Waive the fee' on a visit's page: the API's handler (staff only, logged), the answer back on the page (flash). */
export async function waiveFeeAction(data: FormData): Promise<void> {
  const bookingId = formText(data, 'bookingId').slice(0, 40);
  const appointmentId = formText(data, 'appointmentId').slice(0, 40);
  const page = /^[0-9a-f-]{36}$/i.test(appointmentId) ? `/desk/appointments/${appointmentId}/` : '/desk/';
  const reply = await callHandler(waiveFeeHandler, '/api/desk/deposits/waive/', { bookingId });
  if (reply.status === 401 || reply.status === 403) redirect(page, RedirectType.push);
  const state = reply.ok
    ? { outcome: 'ok' as const, message: 'Fee waived: the deposit is now the customer’s account credit.', fields: {}, values: {} }
    : { outcome: 'error' as const, ...errorOf(reply), values: {} };
  redirect(await flashFormState(DEPOSIT_FORM, state, `${page}#deposit`), RedirectType.push);
}
