'use server';

import { redirect, RedirectType } from 'next/navigation';
import { backOfficeBookingPath, deskBookPath, parseDeskSlot } from '@/lib/desk/book-slot';
import { customerPagePath, EDIT_CUSTOMER_FORM, NEW_CUSTOMER_FORM, NOTE_FORM } from '@/lib/desk/customer-schemas';
import { createCustomerHandler, editCustomerHandler, saveNoteHandler } from '@/lib/desk/customer-handlers';
import { callHandler, errorOf, formText } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { isGuid } from '@/lib/validation';

/**
 * The desk's customer forms. Each calls the JSON API's own handler (lib/desk/customer-handlers.ts) with the visitor's cookie,
 * so a form meets the same staff check, validation and answers as the API, with or without the page's scripts; the
 * answer comes back through a redirect (303), an error's messages through the flash cookie (lib/forms/flash.ts).
 */

/** Creates a customer, then opens their page, or the booking page when the form was on /desk/book/. */
export async function createCustomerAction(data: FormData): Promise<void> {
  const values = { name: formText(data, 'name'), email: formText(data, 'email'), phone: formText(data, 'phone') };
  const booking = formText(data, 'mode') === 'book';
  const slot = parseDeskSlot(new URLSearchParams(formText(data, 'slot')));
  const reply = await callHandler(createCustomerHandler, '/api/desk/customers/', values);
  const page = booking ? deskBookPath(slot) : '/desk/customers/';
  if (!reply.ok) {
    const { code, message, fields } = errorOf(reply);
    const existing = (reply.body as { customer?: { id?: unknown; name?: unknown } } | undefined)?.customer;
    const kept = { ...values, ...(typeof existing?.id === 'string' && typeof existing.name === 'string' ? { existingId: existing.id, existingName: existing.name } : {}) };
    redirect(await flashFormState(NEW_CUSTOMER_FORM, { outcome: 'error', code, message, fields, values: kept }, page), RedirectType.push);
  }
  const id = (reply.body as { id?: unknown }).id;
  if (typeof id !== 'string' || !isGuid(id)) throw new Error('The new customer came back without an id');
  redirect(booking ? backOfficeBookingPath(id, slot) : `${customerPagePath(id)}?created=1`, RedirectType.push);
}

export async function saveNoteAction(data: FormData): Promise<void> {
  const customerId = formText(data, 'customerId');
  if (!isGuid(customerId)) redirect('/desk/customers/', RedirectType.push);
  const note = formText(data, 'note');
  const path = `/api/desk/customers/${customerId}/note/`;
  const reply = await callHandler((request) => saveNoteHandler(request, { customerId }), path, { note });
  if (!reply.ok) {
    const { code, message, fields } = errorOf(reply);
    redirect(await flashFormState(NOTE_FORM, { outcome: 'error', code, message, fields, values: { note: note.slice(0, 500) } }, customerPagePath(customerId)), RedirectType.push);
  }
  redirect(`${customerPagePath(customerId)}?note=saved`, RedirectType.push);
}

/** Saves the desk's correction of a customer's name, e-mail and phone; the page says what changed, or why not. */
export async function editCustomerAction(data: FormData): Promise<void> {
  const customerId = formText(data, 'customerId');
  if (!isGuid(customerId)) redirect('/desk/customers/', RedirectType.push);
  const values = { name: formText(data, 'name'), email: formText(data, 'email'), phone: formText(data, 'phone') };
  const reply = await callHandler((request) => editCustomerHandler(request, { customerId }), `/api/desk/customers/${customerId}/`, values);
  if (!reply.ok) {
    const { code, message, fields } = errorOf(reply);
    redirect(await flashFormState(EDIT_CUSTOMER_FORM, { outcome: 'error', code, message, fields, values }, customerPagePath(customerId)), RedirectType.push);
  }
  const changed = (reply.body as { changed?: unknown }).changed;
  const saved = Array.isArray(changed) && changed.includes('email') ? 'email' : Array.isArray(changed) && changed.length > 0 ? 'saved' : 'same';
  redirect(`${customerPagePath(customerId)}?details=${saved}`, RedirectType.push);
}
