// The Lighthouse table's arithmetic, apart from Lighthouse itself: which runs happen in which order, their medians,
// and whether each page meets its target against the bare page.

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/**
 * Median scores per page and preset; rows in the benchmark table's shape. The runs are interleaved (the bare page,
 * then each page, then the bare page again...), so a change in the machine's load during the benchmark falls on the
 * bare page and ours alike, side by side. `audit(url, preset)` runs Lighthouse once: { scores, failing, lcpMs,
 * tbtMs, cls }.
 */
export async function interleavedTable({ site, bare, pages, runs = 3, audit, log = console.error }) {
  const rows = [];
  for (const preset of ['mobile', 'desktop']) {
    const targets = [['bare Next.js page', bare, '/'], ...Object.entries(pages).map(([name, path]) => [name, site, path])];
    const results = targets.map(() => []);
    for (let run = 0; run < runs; run += 1) {
      for (const [index, [, origin, path]] of targets.entries()) results[index].push(await audit(origin + path, preset));
    }
    let barePerformance = 0;
    for (const [index, [name, origin, path]] of targets.entries()) {
      const runsOfPage = results[index];
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runsOfPage.map((result) => result.scores[id]))]));
      const lcp = median(runsOfPage.map((result) => result.lcpMs));
      const tbt = median(runsOfPage.map((result) => result.tbtMs));
      const cls = Math.max(...runsOfPage.map((result) => result.cls));
      const failing = [...new Set(runsOfPage.flatMap((result) => result.failing))];
      const byRun = runsOfPage.map((result) => result.scores.performance).join(', ');
      log(`lighthouse ${preset} ${name} ${path}: ${JSON.stringify(scores)} (performance by run: ${byRun}) LCP ${lcp} ms TBT ${tbt} ms${failing.length ? ` failing: ${failing.join(', ')}` : ''}`);
      const value = `perf ${scores.performance} / a11y ${scores.accessibility} / bp ${scores['best-practices']} / seo ${scores.seo} (LCP ${lcp} ms, TBT ${tbt} ms, CLS ${cls.toFixed(3)})`;
      if (origin === bare) {
        barePerformance = scores.performance;
        rows.push({ area: `lighthouse ${preset}`, measure: `${name} (baseline)`, value, target: '', pass: '' });
        continue;
      }
      const perfTarget = preset === 'desktop' ? scores.performance === 100 : scores.performance >= barePerformance;
      const pass = perfTarget && scores.accessibility === 100 && scores['best-practices'] === 100 && scores.seo === 100 && cls === 0;
      const target = preset === 'desktop' ? 'all 100, CLS 0' : `a11y/bp/seo 100, perf >= bare (${barePerformance}), CLS 0`;
      rows.push({ area: `lighthouse ${preset} (median of ${runs})`, measure: `${name} ${path}`, value, target, pass });
    }
  }
  return rows;
}
