'use server';

import { redirect, RedirectType } from 'next/navigation';
import { callHandler, errorOf, formText, messageOf, type HandlerAnswer } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';
import { createNewsHandler, deleteNewsHandler, patchNewsHandler, putBannerHandler } from '@/lib/marketing/promotion-handlers';
import { PROMOTIONS_FORM, PROMOTIONS_PAGE } from './promotion-form-names';

/**
 * The forms of /desk/promotions/. Each calls the JSON API's own handler (lib/marketing/promotion-handlers.ts) with
 * the visitor's cookie, so a form meets the same owner check, validation and answers as the API, with or without the
 * page's scripts; the answer comes back over a redirect (303) to the form's place on the page, its messages through
 * the flash cookie. `target` says which form the answer belongs to.
 */

async function answer(reply: HandlerAnswer, target: string, done: string, values: Record<string, string> = {}): Promise<never> {
  // Not the owner (any more): the page's own gate answers, a sign-in or the 404 page; nothing was changed.
  if (reply.status === 401 || reply.status === 403) redirect(PROMOTIONS_PAGE, RedirectType.push);
  const place = `${PROMOTIONS_PAGE}#${target}`;
  if (!reply.ok) {
    const { code, message, fields } = errorOf(reply);
    redirect(await flashFormState(PROMOTIONS_FORM, { outcome: 'error', code, message, fields, values: { ...values, target } }, place), RedirectType.push);
  }
  const unchanged = (reply.body as { changed?: unknown } | undefined)?.changed === false;
  const message = unchanged ? 'Nothing changed.' : (messageOf(reply) ?? done);
  redirect(await flashFormState(PROMOTIONS_FORM, { outcome: 'ok', message, fields: {}, values: { target } }, place), RedirectType.push);
}

const textOf = (data: FormData, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, formText(data, name).slice(0, 400)]));

export async function saveBannerAction(data: FormData): Promise<void> {
  const values = textOf(data, ['text', 'link', 'startsOn', 'endsOn']);
  const reply = await callHandler(putBannerHandler, '/api/desk/promotions/', values);
  const status = (reply.body as { banner?: { status?: unknown } } | undefined)?.banner?.status;
  const saved = status === 'showing' ? 'Banner saved: it shows on the home page now.' : status === 'scheduled' ? 'Banner saved: it is scheduled.' : 'Banner saved: its last day has passed, so the home page shows no banner.';
  return answer(reply, 'banner', saved, values);
}

const NEWS_FIELDS = ['title', 'text', 'link'] as const;
const published = (data: FormData) => data.get('published') !== null;

export async function createNewsAction(data: FormData): Promise<void> {
  const values = textOf(data, NEWS_FIELDS);
  const reply = await callHandler(createNewsHandler, '/api/desk/news/', { ...values, published: published(data) });
  return answer(reply, 'news-new', 'Card added.', { ...values, published: published(data) ? 'on' : '' });
}

/** The card's id from its form; a form without one is answered as the API answers an address without one. */
const cardId = (data: FormData) => formText(data, 'id').slice(0, 20);

export async function saveNewsAction(data: FormData): Promise<void> {
  const id = cardId(data);
  const values = textOf(data, NEWS_FIELDS);
  const reply = await callHandler((request) => patchNewsHandler(request, { id }), `/api/desk/news/${encodeURIComponent(id)}/`, { ...values, published: published(data) });
  return answer(reply, `news-${id}`, 'Card saved.', { ...values, published: published(data) ? 'on' : '' });
}

export async function moveNewsAction(data: FormData): Promise<void> {
  const id = cardId(data);
  const reply = await callHandler((request) => patchNewsHandler(request, { id }), `/api/desk/news/${encodeURIComponent(id)}/`, { position: Number(formText(data, 'position')) });
  return answer(reply, `news-${id}`, 'Card moved.');
}

export async function removeNewsAction(data: FormData): Promise<void> {
  const id = cardId(data);
  const reply = await callHandler((request) => deleteNewsHandler(request, { id }), `/api/desk/news/${encodeURIComponent(id)}/`, {});
  return answer(reply, 'news', 'Card removed.');
}
