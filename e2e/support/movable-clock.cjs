// Preloaded (NODE_OPTIONS=--require) into the deposits journeys' own server only: its Date.now runs on from the real
// clock plus the milliseconds written in the file E2E_CLOCK_FILE (read at most every 100 ms), so a journey can let a
// 10-minute hold run out without waiting for it. The browser keeps its own clock. Date.now only, which the site's
// rules read (their `now` defaults to it), as e2e/support/desk-noon.cjs does.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a --require preload is CommonJS: require is its way in.
const { readFileSync } = require('node:fs');
const file = process.env.E2E_CLOCK_FILE;
const realNow = Date.now;
let offset = 0;
let readAt = 0;
Date.now = () => {
  const real = realNow();
  if (file && real - readAt > 100) {
    readAt = real;
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  }
  return real + offset;
};
