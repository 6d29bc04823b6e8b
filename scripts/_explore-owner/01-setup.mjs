import { browser, context, DESKTOP, signUp, STATE, shot, flashText } from './lib.mjs';
const b = await browser();
for (const [name, email, state] of [['Olivia Owner', 'olivia@owner.example.com', 'owner'], ['Cara Customer', 'cara@example.com', 'customer'], ['Dana Desk', 'dana@staff.example.com', 'staff']]) {
  const ctx = await context(b, DESKTOP);
  const page = await ctx.newPage();
  const t0 = Date.now();
  await signUp(page, name, email);
  console.log(name, 'signed up ->', page.url(), (Date.now() - t0) + 'ms');
  await ctx.storageState({ path: `${STATE}/${state}.json` });
  if (state === 'owner') await shot(page, '01-owner-first-desk');
  await ctx.close();
}
await b.close();
