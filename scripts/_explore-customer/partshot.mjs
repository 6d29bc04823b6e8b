// node partshot.mjs URL name kind [statefile]
import { launch, ctx, shotParts, watch, report } from './lib.mjs';
const [url, name, kind = 'p320', state] = process.argv.slice(2);
const b = await launch();
const c = await ctx(b, kind, state ? { storageState: state } : {});
const p = watch(await c.newPage(), name);
await p.goto(url); await p.waitForLoadState('networkidle');
console.log(await shotParts(p, name));
report();
await b.close();
