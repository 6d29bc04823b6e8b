import { chromium } from 'playwright';
import fs from 'node:fs';
import path from 'node:path';

export const BASE = 'http://127.0.0.1:4911';
export const SHOTS = '/tmp/explore-owner-shots';
export const STATE = '/tmp/explore-owner-state';
export const OUTBOX = '/tmp/explore-owner/outbox';
export const PASSWORD = 'violet-canal-58-ferry';

export const issues = [];
export function note(...a) { console.log('[note]', ...a); }

export async function browser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
}

export const DESKTOP = { viewport: { width: 1440, height: 900 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' };

export async function context(b, opts = {}, stateName) {
  const o = { ...opts, baseURL: BASE };
  if (stateName && fs.existsSync(path.join(STATE, stateName + '.json'))) o.storageState = path.join(STATE, stateName + '.json');
  const ctx = await b.newContext(o);
  ctx.on('page', watch);
  return ctx;
}

export function watch(page) {
  const tag = () => { try { return new URL(page.url()).pathname + new URL(page.url()).search; } catch { return page.url(); } };
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[console.${m.type()}] ${tag()} :: ${m.text().slice(0, 400)}`); });
  page.on('pageerror', (e) => console.log(`[pageerror] ${tag()} :: ${String(e).slice(0, 400)}`));
  page.on('requestfailed', (r) => { const f = r.failure()?.errorText ?? ''; if (!/ERR_ABORTED/.test(f) || !/_rsc=|prefetch/.test(r.url())) console.log(`[requestfailed] ${r.method()} ${r.url().replace(BASE, '')} :: ${f}`); });
  page.on('response', (r) => { if (r.status() >= 400) console.log(`[http ${r.status()}] ${r.request().method()} ${r.url().replace(BASE, '')}`); });
}

export async function shot(page, name, full = true) {
  const p = path.join(SHOTS, name + '.png');
  await page.screenshot({ path: p, fullPage: full });
  console.log('[shot]', p);
  return p;
}

export async function sideways(page, label) {
  const r = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
  if (r.sw > r.cw + 1) {
    const culprits = await page.evaluate(() => { const cw = document.documentElement.clientWidth; return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > cw + 1).slice(0, 6).map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} r=${Math.round(e.getBoundingClientRect().right)} "${(e.textContent || '').trim().slice(0, 40)}"`); });
    console.log(`[sideways] ${label}: scrollWidth ${r.sw} > ${r.cw}`, culprits);
  }
  return r;
}

export function mailsTo(email) {
  if (!fs.existsSync(OUTBOX)) return [];
  const files = fs.readdirSync(OUTBOX).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return files.map((f) => { try { return JSON.parse(fs.readFileSync(path.join(OUTBOX, f), 'utf8')); } catch { return null; } }).filter((m) => m && m.to === email.toLowerCase());
}

export async function waitLink(email, re) {
  for (let i = 0; i < 60; i++) {
    for (const m of mailsTo(email).reverse()) { const x = re.exec(m.text); if (x) return new URL(x[0]).pathname; }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no mail for ' + email);
}

export async function signUp(page, name, email) {
  await page.goto('/signup/?url=' + encodeURIComponent('/desk/'));
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForTimeout(1500);
  const link = await waitLink(email, /https?:\/\/\S+\/signup\/confirm\/[A-Za-z0-9_-]{43}\//);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signup/confirm/'), { timeout: 30000 });
}

export async function flashText(page) {
  const t = await page.locator('[role=status], [role=alert]').allInnerTexts();
  return t.map((s) => s.trim()).filter(Boolean).join(' | ');
}

export function nyToday() {
  const s = new Date().toLocaleString('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
  return s.slice(0, 10);
}
export function addDays(iso, n) { const d = new Date(iso + 'T12:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); }

/** After a form post: wait for the redirect that carries the flash (?form=), then for the page to settle. */
export async function settle(page, before = page.url()) {
  try { await page.waitForURL((u) => u.searchParams.has('form') && u.href !== before, { timeout: 15000 }); } catch { console.log('[settle] no ?form= in', page.url()); }
  await page.waitForLoadState('load').catch(() => {});
  await page.waitForTimeout(300);
}
