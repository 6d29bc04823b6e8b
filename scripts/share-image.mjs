#!/usr/bin/env node
// Draws the picture that links to the site show when shared (Open Graph, 1200 x 630) from the brand's colours and
// mark, in the local Chromium, and writes public/images/share.png. Run again after a change of name or colours:
//   node scripts/share-image.mjs
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../public/images/share.png', import.meta.url));
const html = `<!doctype html><html><head><style>
  html, body { margin: 0; }
  body { width: 1200px; height: 630px; display: flex; flex-direction: column; justify-content: center; gap: 28px;
    padding: 0 96px; box-sizing: border-box; background: #84203c; color: #fff; font-family: 'DejaVu Sans', sans-serif; }
  .mark { width: 120px; height: 120px; }
  h1 { margin: 0; font-size: 76px; line-height: 1.1; letter-spacing: -1px; }
  p { margin: 0; font-size: 34px; line-height: 1.35; color: #fbe8eb; }
</style></head><body>
  <svg class="mark" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#fff"/><path d="M10 22V10h6.5a3.5 3.5 0 0 1 0 7H10m6.5 0a3 3 0 0 1 0 5H10" fill="none" stroke="#84203c" stroke-width="2.2" stroke-linejoin="round"/></svg>
  <h1>Bare &amp; Polished NYC</h1>
  <p>Waxing, laser hair removal, brows and lashes, skincare, massage and sugaring.<br>Four New York salons. Book online in a minute.</p>
</body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: out, type: 'png' });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
