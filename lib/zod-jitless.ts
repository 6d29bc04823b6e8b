import { config } from 'zod/v4/core';

// Zod 4 tests whether it may compile parsers with `new Function` the first time a schema is built; under the site's
// CSP (script-src without 'unsafe-eval') that test is a reported violation on every page, caught or not. The parsers
// run interpreted instead: the inputs the site parses are small. Imported first where each side starts
// (instrumentation.ts, instrumentation-client.ts), before any schema exists.
config({ jitless: true });
