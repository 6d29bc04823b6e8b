// Zod 4 tests whether it may compile parsers with `new Function` the first time a schema is built; under the site's
// CSP (script-src without 'unsafe-eval') that test is a reported violation on every page, caught or not. The parsers
// run interpreted instead: the inputs the site parses are small. Imported first where each side starts
// (instrumentation.ts, instrumentation-client.ts), before any schema exists.
//
// This is what `z.config({ jitless: true })` does: zod keeps its settings in this one object on globalThis, shared by
// every copy of zod in the process or page (zod-jitless.test.ts holds zod to it). Importing `config` from any zod entry
// would bring zod's compiler module (marked as having side effects) into every page's first script: 5.2 KB gzip.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
