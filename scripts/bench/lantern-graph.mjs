// What a page's simulated FCP and LCP wait for: one Lighthouse mobile run, then every node of Lantern's optimistic and
// pessimistic FCP and LCP graphs (the requests and main-thread tasks the simulation puts before the paint) with its
// simulated start and end. A diagnosis tool for docs/performance.md's known limits, not part of `npm run bench`:
//   node scripts/bench/lantern-graph.mjs http://127.0.0.1:3000/services/womens-wax/ ['cookie=value; other=value']
// Lighthouse's simulator keeps the node timings of its last runs (Simulator.allNodeTimings); the module is Lighthouse's
// own copy of @paulirish/trace_engine, so the timings read here are the ones behind the printed metrics.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { Simulator } from '@paulirish/trace_engine/models/trace/lantern/simulation/Simulator.js';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const [url, cookie] = process.argv.slice(2);
if (!url) {
  console.error('Usage: node scripts/bench/lantern-graph.mjs URL [cookies]');
  process.exit(2);
}

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  if (cookie) {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const { hostname } = new URL(url);
    const pairs = cookie.split(/;\s*/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);
    await browser.setCookie(...pairs.map(([name, value]) => ({ name, value, domain: hostname, path: '/' })));
    await browser.disconnect();
  }
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const metrics = lhr.audits.metrics.details.items[0];
  const element = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  console.log(`simulated FCP ${Math.round(metrics.firstContentfulPaint)} ms, LCP ${Math.round(metrics.largestContentfulPaint)} ms; observed FCP ${Math.round(metrics.observedFirstContentfulPaint)} ms, LCP ${Math.round(metrics.observedLargestContentfulPaint)} ms; LCP element ${element}`);
  const shortUrl = (address) => address.replace(/^https?:\/\/[^/]+/, '').slice(0, 90);
  for (const [label, timings] of Simulator.allNodeTimings) {
    if (!/ContentfulPaint$/.test(label)) continue;
    const end = Math.max(...[...timings.values()].map((timing) => timing.endTime));
    console.log(`\n${label}: ${timings.size} nodes, ends at ${Math.round(end)} ms`);
    for (const [node, timing] of timings) {
      const what =
        node.type === 'network'
          ? `${node.request.resourceType ?? ''} ${node.request.priority} ${(node.request.transferSize / 1024).toFixed(1)} KB ${shortUrl(node.request.url)}`
          : `task ${Math.round(node.duration / 1000)} ms observed: ${[...node.getEvaluateScriptURLs()].map(shortUrl).join(' ')} ${[...new Set(node.childEvents.map((event) => event.name).filter((name) => /^(Layout|Paint|ParseHTML|EvaluateScript|FunctionCall|UpdateLayoutTree)$/.test(name)))].join(' ')}`;
      console.log(`  ${String(Math.round(timing.startTime)).padStart(5)}-${String(Math.round(timing.endTime)).padStart(5)} ${what}`);
    }
  }
} finally {
  await chrome.kill();
}
