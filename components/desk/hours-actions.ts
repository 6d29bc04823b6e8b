'use server';

import { redirect, RedirectType } from 'next/navigation';
import { formatLongDate } from '@/lib/booking/schedule';
import { readHoursHandler, saveHoursHandler } from '@/lib/desk/hours-handlers';
import type { HoursDocument } from '@/lib/desk/hours';
import { formFields, HOURS_FORM, hoursPagePath, SPECIAL_FIELDS, WEEK_FIELDS, weekOfForm } from '@/lib/desk/hours-form';
import { callHandler, errorOf, formText, type HandlerAnswer } from '@/lib/forms/call-handler';
import { flashFormState } from '@/lib/forms/flash';

/**
 * The /desk/hours/ page's forms. Each calls the JSON API's own handlers (lib/desk/hours-handlers.ts) with the
 * visitor's cookie, so a form meets the same owner check, validation, transaction, activity entry and publish as
 * `PUT /api/desk/locations/{slug}/hours/`, with or without the page's scripts; the answer comes back over a redirect
 * (303), a fault's sentences through the flash cookie (lib/forms/flash.ts). The API takes the whole document, so each
 * form reads the location's hours first and changes only its own part.
 */

type Document = HoursDocument & { outsideHours?: unknown[] };

const apiPath = (slug: string) => `/api/desk/locations/${encodeURIComponent(slug)}/hours/`;

function valuesOf(data: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, formText(data, name).slice(0, 200)]));
}

/** The slug posted, or back to the page (whose own gate answers a visitor or a front-desk account). */
function slugOf(data: FormData): string {
  const slug = formText(data, 'location');
  if (!/^[a-z]{1,30}$/.test(slug)) redirect('/desk/hours/', RedirectType.push);
  return slug;
}

/** The location's hours now, through GET's handler: a refusal (not the owner, no such location) goes back to the page. */
async function current(slug: string): Promise<Document> {
  const answer = await callHandler((request) => readHoursHandler(request, { slug }), apiPath(slug), {});
  if (!answer.ok) redirect(hoursPagePath(slug), RedirectType.push);
  return answer.body as Document;
}

async function answered(slug: string, answer: HandlerAnswer, done: string, values: Record<string, string>, addedIndex?: number): Promise<never> {
  if (!answer.ok) {
    const { code, message, fields } = errorOf(answer);
    const state = { outcome: 'error' as const, code, message, fields: formFields(fields, addedIndex), values };
    redirect(await flashFormState(HOURS_FORM, state, hoursPagePath(slug)), RedirectType.push);
  }
  const changed = (answer.body as { changed?: boolean }).changed !== false;
  const state = { outcome: 'ok' as const, message: changed ? done : 'Nothing changed: those are the hours already.', fields: {}, values: {} };
  redirect(await flashFormState(HOURS_FORM, state, hoursPagePath(slug)), RedirectType.push);
}

/** What PUT takes: GET's document, or the fields of a form as they came (the API refuses a bad one). */
type HoursBody = {
  week: readonly { weekday: number; closed: boolean; open: string; close: string }[];
  special: readonly { date: string; open: string; close: string; note: string }[];
  minNoticeMinutes: unknown;
};

async function save(slug: string, body: HoursBody): Promise<HandlerAnswer> {
  return callHandler((request) => saveHoursHandler(request, { slug }), apiPath(slug), body);
}

/** The week form: each weekday's hours or closed, and the minimum notice. */
export async function saveWeekAction(data: FormData): Promise<void> {
  const slug = slugOf(data);
  const values = valuesOf(data, WEEK_FIELDS);
  const doc = await current(slug);
  const answer = await save(slug, { ...weekOfForm(values), special: doc.special });
  return answered(slug, answer, 'The week is saved.', values);
}

/** Adds special hours for a date, or changes the hours of a date that has some. */
export async function addSpecialAction(data: FormData): Promise<void> {
  const slug = slugOf(data);
  const values = valuesOf(data, SPECIAL_FIELDS);
  const doc = await current(slug);
  const special = [...doc.special.filter((day) => day.date !== values.date), { date: values.date!, open: values.open!, close: values.close!, note: values.note! }];
  const answer = await save(slug, { week: doc.week, special, minNoticeMinutes: doc.minNoticeMinutes });
  const done = /^\d{4}-\d{2}-\d{2}$/.test(values.date!) ? `Special hours saved for ${formatLongDate(values.date!)}.` : 'Special hours saved.';
  return answered(slug, answer, done, values, special.length - 1);
}

/** Removes the special hours of a date: it opens by its weekday again. */
export async function removeSpecialAction(data: FormData): Promise<void> {
  const slug = slugOf(data);
  const date = formText(data, 'date');
  const doc = await current(slug);
  const special = doc.special.filter((day) => day.date !== date);
  const answer = await save(slug, { week: doc.week, special, minNoticeMinutes: doc.minNoticeMinutes });
  const done = /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${formatLongDate(date)} opens by its weekday again.` : 'Special hours removed.';
  return answered(slug, answer, done, {});
}
