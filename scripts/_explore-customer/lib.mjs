import { chromium } from 'playwright';
import fs from 'node:fs';
import path from 'node:path';

export const BASE = process.env.BASE ?? 'http://127.0.0.1:4931';
export const SHOTS = '/tmp/explore-customer-shots';
export const OUTBOX = '/tmp/explore-customer/outbox';

export async function launch() {
  return chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
}

export const DEVICES = {
  p320: { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  p390: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desk: { viewport: { width: 1280, height: 900 } },
};

export async function ctx(browser, kind, extra = {}) {
  return browser.newContext({ ...DEVICES[kind], baseURL: extra.base ?? BASE, timezoneId: 'America/New_York', locale: 'en-US', ...extra });
}

export const problems = [];
export function watch(page, tag) {
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`[${tag}] console.${m.type()}: ${m.text()} @ ${page.url()}`); });
  page.on('pageerror', (e) => problems.push(`[${tag}] pageerror: ${e.message} @ ${page.url()}`));
  page.on('requestfailed', (r) => problems.push(`[${tag}] requestfailed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`[${tag}] HTTP ${r.status()} ${r.request().method()} ${r.url()}`); });
  return page;
}

export async function shot(page, name, full = true) {
  if (full) {
    const h = await page.evaluate(() => document.documentElement.scrollHeight).catch(() => 0);
    if (h > 1800) return shotParts(page, name, 1300);
  }
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: full });
  return file;
}

export async function sideways(page, tag) {
  const d = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
  if (d.sw > d.cw) problems.push(`[${tag}] sideways scroll: scrollWidth ${d.sw} > ${d.cw} @ ${page.url()}`);
  // elements overflowing the viewport
  const offenders = await page.evaluate(() => {
    const out = [];
    const cw = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > cw + 1 && getComputedStyle(el).visibility !== 'hidden') {
        let p = el.parentElement, clipped = false;
        while (p) { const s = getComputedStyle(p); if (['hidden','auto','scroll','clip'].includes(s.overflowX)) { clipped = true; break; } p = p.parentElement; }
        if (!clipped) out.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0,40)} right=${Math.round(r.right)} "${(el.textContent||'').trim().slice(0,40)}"`);
      }
    }
    return out.slice(0, 5);
  });
  if (offenders.length) problems.push(`[${tag}] overflowing elements @ ${page.url()}: ${offenders.join(' | ')}`);
  return d;
}

export function mailsTo(email) {
  if (!fs.existsSync(OUTBOX)) return [];
  const files = fs.readdirSync(OUTBOX).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return files.map((f) => { try { return JSON.parse(fs.readFileSync(path.join(OUTBOX, f), 'utf8')); } catch { return null; } }).filter((m) => m && m.to === email.toLowerCase());
}

export async function waitMail(email, subject, after = 0, timeout = 20000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeout) {
    const ms = mailsTo(email).filter((m) => subject.test(m.subject));
    if (ms.length > after) return ms[ms.length - 1];
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no mail to ${email} like ${subject}`);
}

export const codeOf = (mail) => /\b(\d{6})\b/.exec(mail.text)?.[1];
export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
export function report() {
  console.log(`--- ${problems.length} problems`);
  for (const p of problems) console.log(p);
}

export async function shotParts(page, name, chunk = 1300) {
  const { h, w } = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.clientWidth }));
  const files = [];
  for (let y = 0, i = 0; y < h; y += chunk, i++) {
    const file = path.join(SHOTS, `${name}-part${i}.png`);
    await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y, width: w, height: Math.min(chunk, h - y) } });
    files.push(file);
  }
  return files;
}
