'use server';

import { redirect, RedirectType } from 'next/navigation';
import { formatClock } from '@/lib/booking/clock';
import { formatLongDate } from '@/lib/booking/schedule';
import { bookWaitlistEntryHandler, removeWaitlistEntryHandler } from '@/lib/desk/waitlist-handlers';
import { callHandler, errorOf, formText } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { isGuid } from '@/lib/validation';
import { deskWaitlistPath, WAITLIST_BOOK_FORM, WAITLIST_FORM, waitlistEntryPath } from './waitlist-paths';

/**
 * The desk waitlist's forms: each calls the JSON API's own handler (lib/desk/waitlist-handlers.ts) with the visitor's
 * cookie, so a form meets the same staff check and answers with or without the page's scripts; the answer comes back
 * through the flash cookie on the list of the entry's day.
 */

const back = (data: FormData) => deskWaitlistPath(formText(data, 'location'), formText(data, 'date'));

export async function removeWaitlistAction(data: FormData): Promise<void> {
  const entryId = formText(data, 'entryId');
  const list = back(data);
  if (!isGuid(entryId)) redirect(list, RedirectType.push);
  const reply = await callHandler((request) => removeWaitlistEntryHandler(request, { entryId }), `/api/desk/waitlist/${entryId}/`, {});
  const name = (reply.body as { customerName?: unknown } | undefined)?.customerName;
  const state = reply.ok
    ? { outcome: 'ok' as const, message: `${typeof name === 'string' ? name : 'The customer'} is off the waitlist.`, fields: {}, values: {} }
    : { outcome: 'error' as const, ...errorOf(reply), values: {} };
  redirect(await flashFormState(WAITLIST_FORM, state, list), RedirectType.push);
}

export async function bookWaitlistAction(data: FormData): Promise<void> {
  const entryId = formText(data, 'entryId');
  const list = back(data);
  if (!isGuid(entryId)) redirect(list, RedirectType.push);
  const reply = await callHandler((request) => bookWaitlistEntryHandler(request, { entryId }), `/api/desk/waitlist/${entryId}/book/`, { start: formText(data, 'start') });
  if (!reply.ok) {
    const { code, message, fields } = errorOf(reply);
    redirect(await flashFormState(WAITLIST_BOOK_FORM, { outcome: 'error', code, message, fields, values: {} }, waitlistEntryPath(entryId, list)), RedirectType.push);
  }
  const booked = reply.body as { customerName: string; time: string };
  const day = formText(data, 'date');
  const message = `Booked ${booked.customerName} at ${formatClock(booked.time)}${day ? ` on ${formatLongDate(day)}` : ''}; they are off the waitlist.`;
  redirect(await flashFormState(WAITLIST_FORM, { outcome: 'ok', message, fields: {}, values: {} }, list), RedirectType.push);
}
