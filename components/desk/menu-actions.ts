'use server';

import { redirect, RedirectType } from 'next/navigation';
import { callHandler, errorOf, formText, type HandlerAnswer } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import {
  changeOfferHandler,
  changeServiceHandler,
  createOfferHandler,
  createServiceHandler,
  retireOfferHandler,
  retireServiceHandler,
} from '@/lib/menu/handlers';
import { MENU_FORMS, menuOfferPath, menuServicePath } from '@/lib/menu/paths';
import { isGuid } from '@/lib/validation';

/**
 * The menu editor's forms (/desk/menu/). Each calls the JSON API's own handler (lib/menu/handlers.ts) with the
 * visitor's cookie, so a form meets the same owner check, validation and answers as the API, with or without the
 * page's scripts; the answer comes back over a redirect (303), an error's sentences beside their fields through the
 * flash cookie (lib/forms/flash.ts), with what was typed put back.
 */

/** A form's values to put back after a mistake (each within the flash cookie's limits). */
function kept(data: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, data.getAll(name).filter((v): v is string => typeof v === 'string').join(',').slice(0, 500)]));
}

/** The API names list items 'bookableAt.1', 'serviceIds.0': the form shows them beside the list. */
function formFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) out[name.split('.')[0]!] ??= message;
  return out;
}

async function fail(form: string, reply: HandlerAnswer, values: Record<string, string>, page: string): Promise<never> {
  const { code, message, fields } = errorOf(reply);
  const shown = reply.status === 422 ? 'Nothing was saved: please correct the marked fields.' : message;
  redirect(await flashFormState(form, { outcome: 'error', code, message: shown, fields: formFields(fields), values }, page), RedirectType.push);
}

async function done(form: string, message: string, page: string): Promise<never> {
  redirect(await flashFormState(form, { outcome: 'ok', message, fields: {}, values: {} }, page), RedirectType.push);
}

const texts = (data: FormData, name: string) => data.getAll(name).filter((v): v is string => typeof v === 'string' && v !== '');

// updatedAt, the copy's stamp, is kept too: after a refusal saving what was typed must not pass (lib/api/stale-copy.ts).
const SERVICE_FIELDS = ['name', 'desc', 'price', 'duration', 'bookableAt', 'depositKind', 'depositAmount', 'depositPercent', 'updatedAt'] as const;

/** The deposit fields as the API takes them: 'none', or the amount or percentage of the kind chosen. */
function depositOf(data: FormData): unknown {
  const kind = formText(data, 'depositKind');
  if (kind === 'fixed') return { kind, amount: formText(data, 'depositAmount') };
  if (kind === 'percent') return { kind, percent: formText(data, 'depositPercent') };
  return 'none';
}

export async function saveServiceAction(data: FormData): Promise<void> {
  const id = formText(data, 'id');
  if (!isGuid(id)) redirect('/desk/menu/', RedirectType.push);
  const page = `${menuServicePath(id)}#edit-service`;
  const body = {
    name: formText(data, 'name'),
    desc: formText(data, 'desc'),
    price: formText(data, 'price'),
    duration: formText(data, 'duration'),
    bookableAt: texts(data, 'bookableAt'),
    deposit: depositOf(data),
    updatedAt: formText(data, 'updatedAt'),
  };
  const reply = await callHandler((request) => changeServiceHandler(request, { id }), `/api/desk/catalog/services/${id}/`, body);
  if (!reply.ok) return fail(MENU_FORMS.service, reply, kept(data, SERVICE_FIELDS), page);
  const answer = reply.body as { changed: boolean; service: { name: string }; offers: unknown[]; warning?: string };
  const followed = answer.offers.length > 0 ? ` ${answer.offers.length} of its packages and bundles follow.` : '';
  const saved = answer.warning ? `${answer.service.name} is saved. ${answer.warning}` : `${answer.service.name} is saved: new bookings get it now.`;
  return done(MENU_FORMS.service, answer.changed ? `${saved}${followed}` : 'Nothing to save: the service already reads so.', page);
}

export async function retireServiceAction(data: FormData): Promise<void> {
  const id = formText(data, 'id');
  if (!isGuid(id)) redirect('/desk/menu/', RedirectType.push);
  const reply = await callHandler((request) => retireServiceHandler(request, { id }), `/api/desk/catalog/services/${id}/`, {});
  if (!reply.ok) return fail(MENU_FORMS.service, reply, {}, menuServicePath(id));
  const answer = reply.body as { service: { name: string }; packages: unknown[] };
  const packages = answer.packages.length > 0 ? ` Its ${answer.packages.length === 1 ? 'package is' : `${answer.packages.length} packages are`} retired with it.` : '';
  return done(MENU_FORMS.service, `${answer.service.name} is retired: it is off the menus and online booking; booked visits keep it.${packages}`, menuServicePath(id));
}

const NEW_SERVICE_FIELDS = ['type', 'name', 'desc', 'price', 'duration', 'bookableAt'] as const;

/** `type` is 'gender:svcType' ('0:1', women's wax), one select for the tab and the type within it. */
export async function createServiceAction(data: FormData): Promise<void> {
  const [gender, svcType] = formText(data, 'type').split(':');
  const body = {
    gender: gender ?? '',
    svcType: svcType ?? '',
    name: formText(data, 'name'),
    desc: formText(data, 'desc'),
    price: formText(data, 'price'),
    duration: formText(data, 'duration'),
    bookableAt: texts(data, 'bookableAt'),
  };
  const back = formText(data, 'back').startsWith('/desk/menu/') ? formText(data, 'back') : '/desk/menu/';
  const reply = await callHandler(createServiceHandler, '/api/desk/catalog/services/', body);
  if (!reply.ok) {
    const values = kept(data, NEW_SERVICE_FIELDS);
    const fields = formFields(errorOf(reply).fields);
    // The type is one select: a mistake in the gender or the type is shown there.
    if (fields.gender || fields.svcType) fields.type = fields.svcType ?? fields.gender!;
    const { code, message } = errorOf(reply);
    redirect(
      await flashFormState(MENU_FORMS.newService, { outcome: 'error', code, message: reply.status === 422 ? 'Nothing was added: please correct the marked fields.' : message, fields, values }, `${back}#add-service`),
      RedirectType.push,
    );
  }
  const { service, warning } = reply.body as { service: { id: string; name: string }; warning?: string };
  return done(MENU_FORMS.service, warning ? `${service.name} is added to the menu. ${warning}` : `${service.name} is added to the menu: customers can book it now.`, menuServicePath(service.id));
}

const OFFER_FIELDS = ['name', 'desc', 'sessions', 'discount', 'fullPrice', 'serviceIds'] as const;
const EDIT_OFFER_FIELDS = [...OFFER_FIELDS, 'updatedAt'] as const;

export async function saveOfferAction(data: FormData): Promise<void> {
  const id = formText(data, 'id');
  if (!isGuid(id)) redirect('/desk/menu/', RedirectType.push);
  const kind = formText(data, 'kind');
  const page = `${menuOfferPath(id)}#edit-offer`;
  const body: Record<string, unknown> = {
    name: formText(data, 'name'),
    desc: formText(data, 'desc'),
    discount: formText(data, 'discount'),
    fullPrice: formText(data, 'fullPrice') === 'on',
    ...(kind === 'bundle' ? { serviceIds: texts(data, 'serviceIds') } : { sessions: formText(data, 'sessions') }),
    updatedAt: formText(data, 'updatedAt'),
  };
  const reply = await callHandler((request) => changeOfferHandler(request, { id }), `/api/desk/catalog/offers/${id}/`, body);
  if (!reply.ok) return fail(MENU_FORMS.offer, reply, kept(data, EDIT_OFFER_FIELDS), page);
  const answer = reply.body as { changed: boolean; offer: { name: string } };
  return done(MENU_FORMS.offer, answer.changed ? `${answer.offer.name} is saved.` : 'Nothing to save: it already reads so.', page);
}

export async function retireOfferAction(data: FormData): Promise<void> {
  const id = formText(data, 'id');
  if (!isGuid(id)) redirect('/desk/menu/', RedirectType.push);
  const reply = await callHandler((request) => retireOfferHandler(request, { id }), `/api/desk/catalog/offers/${id}/`, {});
  if (!reply.ok) return fail(MENU_FORMS.offer, reply, {}, menuOfferPath(id));
  const offer = (reply.body as { offer: { name: string } }).offer;
  return done(MENU_FORMS.offer, `${offer.name} is retired: it is off the specials and the shop.`, menuOfferPath(id));
}

/** A package of one service (from the service's page) or a bundle (from the menu page). */
export async function createOfferAction(data: FormData): Promise<void> {
  const kind = formText(data, 'kind') === 'bundle' ? 'bundle' : 'package';
  const serviceId = formText(data, 'serviceId');
  const back = kind === 'package' && isGuid(serviceId) ? `${menuServicePath(serviceId)}#add-package` : '/desk/menu/#add-bundle';
  const body =
    kind === 'package'
      ? { kind, serviceId, sessions: formText(data, 'sessions'), discount: formText(data, 'discount'), fullPrice: formText(data, 'fullPrice') === 'on' }
      : { kind, serviceIds: texts(data, 'serviceIds'), discount: formText(data, 'discount'), fullPrice: formText(data, 'fullPrice') === 'on', name: formText(data, 'name'), desc: formText(data, 'desc') };
  const reply = await callHandler(createOfferHandler, '/api/desk/catalog/offers/', body);
  if (!reply.ok) return fail(kind === 'package' ? MENU_FORMS.newPackage : MENU_FORMS.newBundle, reply, kept(data, OFFER_FIELDS), back);
  const offer = (reply.body as { offer: { id: string; name: string } }).offer;
  return done(MENU_FORMS.offer, `${offer.name} is added: it is on sale now.`, menuOfferPath(offer.id));
}
