import { browser, context, DESKTOP } from './lib.mjs';
const b = await browser(); const ctx = await context(b, DESKTOP, 'owner'); const p = await ctx.newPage();
const r = await p.request.get(process.argv[2]); console.log(r.status(), (await r.text()).slice(0, Number(process.argv[3] ?? 2000)));
await b.close();
