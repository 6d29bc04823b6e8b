import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, request as playwrightRequest, test, currentDataDir } from './support/worker-server';
import ICAL from 'ical.js';
import { watchConsole } from './support/console';
import { signUpByApi } from './support/mail';
import { nextWeekday, PASSWORD, unique } from './support/journeys';
import { expectNoSidewaysScroll } from './support/sideways';
import { expectNoAxeViolations } from './support/axe';

/**
 * Keeping in touch (issue 16) against the production build: the mails of a booking that moves and is cancelled, as
 * the outbox writes them (DATA_DIR/outbox/ without SMTP_URL), each calendar file read by ical.js; and the offers
 * mail's unsubscribe page, without signing in.
 */
interface OutboxFile {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  calendar?: { method: string; content: string };
}

function outboxTo(email: string): OutboxFile[] {
  const folder = path.join(currentDataDir(), 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as OutboxFile];
      } catch {
        return []; // still being written: the next poll reads it
      }
    })
    .filter((mail) => mail.to === email)
    .sort((a, b) => a.id - b.id);
}

async function waitForMails(email: string, count: number): Promise<OutboxFile[]> {
  await expect.poll(() => outboxTo(email).length, { timeout: 15_000, message: `${count} mails to ${email}` }).toBeGreaterThanOrEqual(count);
  return outboxTo(email);
}

function eventOf(mail: OutboxFile) {
  const calendar = new ICAL.Component(ICAL.parse(mail.calendar!.content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return { method: calendar.getFirstPropertyValue('method'), uid: event.uid, sequence: event.sequence, status: vevent.getFirstPropertyValue('status'), tz: event.startDate.zone.tzid, start: event.startDate.toJSDate().toISOString() };
}

async function firstSlot(api: APIRequestContext, date: string, duration: number): Promise<string> {
  const answer = await (await api.get(`/api/slots/1/1/0/${date}/${duration}/`)).json();
  return answer.slots[0].start as string;
}

test.describe.configure({ timeout: 120_000 });

test('a booking moved and then cancelled: three mails, one calendar event updated by UID, SEQUENCE and METHOD; each fits a phone', async ({ page, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const email = `keep-in-touch-${unique()}@example.com`;
  const { id } = await signUpByApi(api, { name: 'Ines', email, password: PASSWORD });
  const locations = await (await api.get('/api/locations/ui/?svcLocation=1&genderId=0')).json();
  const wax = locations['0'].find((a: { id: number }) => a.id === 1).serviceTypes.find((t: { id: number }) => t.id === 1).serviceItems[0];
  const card = (svcDate: string, header: Record<string, string> = {}) => ({
    header: { location: '1', gender: '0', ...header },
    svcAreas: svcDate ? [{ areaId: 1, svcTherapist: 0, svcDate, svcNote: '', svcTypes: [{ svcTypeId: 1, svcArray: [{ id: wax.id, serviceTypeId: 1, gen: wax.gen, areaId: 1 }] }] }] : [],
  });
  const first = await firstSlot(api, nextWeekday(2, 4), wax.duration);
  const booked = await api.post(`/api/appointments/${id}/`, { data: card(first) });
  expect(booked.status()).toBe(201);
  const cid = (await booked.json()).header.aptId as string;
  const later = await firstSlot(api, nextWeekday(3, 5), wax.duration);
  expect((await api.put(`/api/appointments/${id}/${cid}/`, { data: card(later) })).status()).toBe(200);
  expect((await api.put(`/api/appointments/${id}/${cid}/`, { data: card('', { status: '2' }) })).status()).toBe(200);

  const all = await waitForMails(email, 4);
  // Read on a 390 px phone, no mail is wider than its screen (the printed address of a link was one long word).
  await page.setViewportSize({ width: 390, height: 844 });
  for (const mail of all) {
    await page.setContent(mail.html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), mail.subject).toBeLessThanOrEqual(390);
  }
  const mails = all.filter((m) => m.calendar);
  expect(mails.map((m) => m.subject)).toEqual([
    'Your Bare & Polished NYC booking is confirmed',
    'Your Bare & Polished NYC appointment has moved',
    'Your Bare & Polished NYC appointment is cancelled',
  ]);
  const [made, moved, cancelled] = mails.map(eventOf);
  expect(made).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', tz: 'UTC', start: new Date(first).toISOString() });
  expect(moved).toMatchObject({ method: 'REQUEST', uid: made!.uid, sequence: 1, tz: 'UTC', start: new Date(later).toISOString() });
  expect(cancelled).toMatchObject({ method: 'CANCEL', uid: made!.uid, sequence: 2, status: 'CANCELLED', tz: 'UTC', start: new Date(later).toISOString() });
  for (const mail of mails) {
    expect(mail.text).toContain('(212) 555-0148');
    expect(mail.html).toContain('131 Spring Street, 2nd Floor');
  }
  await api.dispose();
});

test('the offers mail unsubscribes in one click, without signing in, and its link cannot be used twice', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const email = `offers-${unique()}@example.com`;
  expect((await api.post('/api/marketing/createsubscription/', { data: { email, createdBy: 'web' } })).status()).toBe(201);
  const [welcome] = await waitForMails(email, 1);
  expect(welcome!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = /https?:\/\/\S+\/unsubscribe\/\?token=[0-9a-f-]{36}/.exec(welcome!.text)![0];

  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from offers' })).toBeVisible();
    await expect(page.getByText(`Stop sending offers to ${email.slice(0, 1)}•••@example.com?`)).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await expectNoAxeViolations(page, 'unsubscribe page at 390 px');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expectNoAxeViolations(page, 'unsubscribed');
  // The address is free again: subscribing once more is a new subscription, not 'already subscribed'.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  expect((await api.post('/api/marketing/createsubscription/', { data: { email, createdBy: 'web' } })).status()).toBe(201);
  expect(errors).toEqual([]);
  await api.dispose();
});

test('the unsubscribe page works without scripts', async ({ browser, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const email = `offers-noscript-${unique()}@example.com`;
  expect((await api.post('/api/marketing/createsubscription/', { data: { email, createdBy: 'web' } })).status()).toBe(201);
  const [welcome] = await waitForMails(email, 1);
  const link = new URL(/https?:\/\/\S+\/unsubscribe\/\?token=[0-9a-f-]{36}/.exec(welcome!.text)![0]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  expect((await api.post('/api/marketing/createsubscription/', { data: { email, createdBy: 'web' } })).status()).toBe(201);
  await context.close();
  await api.dispose();
});
