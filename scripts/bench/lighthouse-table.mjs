// The Lighthouse table's arithmetic, apart from Lighthouse itself: which runs happen in which order, their medians,
// and whether each page meets its target against the bare page.

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The mobile preset with its slow 4G and 4x CPU applied in the browser (Lighthouse's 'devtools' throttling). */
export const APPLIED = 'applied';

const presetLabel = (preset) => (preset === APPLIED ? 'mobile, slow 4G applied' : preset);

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/**
 * Whether a page's medians meet its target beside the bare page's: the catalogue's (issue 38: on a phone LCP within
 * 0.6 s and TBT within 50 ms of the bare page's; all 100 on desktop), the booking page's (issue 38: on a phone at least 90, LCP within
 * 1 s and TBT within 150 ms of the bare page's; no SEO score, the page is noindex) or none ('report').
 */
function meets(kind, preset, page, bare) {
  const { scores, lcp, tbt, cls } = page;
  if (kind === 'report') return { target: '', pass: '' };
  // Slow 4G applied in the browser: the page arrives in parts, as on a phone, which Lighthouse's simulation does not
  // see (it loads the page at full speed and models the network afterwards). What it adds is the shifts of a page that
  // paints before all of it is in (issue 38: CLS 0); its LCP and TBT are shown beside the bare page's.
  if (preset === APPLIED) return { target: 'CLS 0', pass: cls === 0 };
  if (kind === 'booking') {
    const target = preset === 'desktop' ? 'perf 100, a11y/bp 100, CLS 0' : `perf >= 90, LCP <= bare + 1000 ms (${bare.lcp + 1000}), TBT <= bare + 150 ms (${bare.tbt + 150}), a11y/bp 100, CLS 0`;
    const speed = preset === 'desktop' ? scores.performance === 100 : scores.performance >= 90 && lcp <= bare.lcp + 1000 && tbt <= bare.tbt + 150;
    return { target, pass: speed && scores.accessibility === 100 && scores['best-practices'] === 100 && cls === 0 };
  }
  const speed = preset === 'desktop' ? scores.performance === 100 : lcp <= bare.lcp + 600 && tbt <= bare.tbt + 50;
  const target = preset === 'desktop' ? 'all 100, CLS 0' : `LCP <= bare + 600 ms (${bare.lcp + 600}), TBT <= bare + 50 ms (${bare.tbt + 50}), a11y/bp/seo 100, CLS 0`;
  return { target, pass: speed && scores.accessibility === 100 && scores['best-practices'] === 100 && scores.seo === 100 && cls === 0 };
}

/**
 * Median scores per page and preset; rows in the benchmark table's shape. The runs are interleaved (the bare page,
 * then each page, then the bare page again...), so a change in the machine's load during the benchmark falls on the
 * bare page and ours alike, side by side. `audit(url, preset, cookie)` runs Lighthouse once (with only `cookie`'s cookies in the browser): { scores, failing,
 * lcpMs, tbtMs, cls }. A page is its path, or { path, cookie, target: 'catalogue' | 'booking' | 'report' }.
 */
export async function interleavedTable({ site, bare, pages, runs = 3, presets = ['mobile', 'desktop'], audit, log = console.error }) {
  const rows = [];
  for (const preset of presets) {
    const targets = [
      { name: 'bare Next.js page', origin: bare, path: '/', kind: 'bare' },
      ...Object.entries(pages).map(([name, page]) => (typeof page === 'string' ? { name, origin: site, path: page, kind: 'catalogue' } : { name, origin: site, ...page, kind: page.target ?? 'catalogue' })),
    ];
    const results = targets.map(() => []);
    for (let run = 0; run < runs; run += 1) {
      for (const [index, { origin, path, cookie }] of targets.entries()) results[index].push(await audit(origin + path, preset, cookie));
    }
    let baseline;
    for (const [index, { name, path, kind }] of targets.entries()) {
      const runsOfPage = results[index];
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runsOfPage.map((result) => result.scores[id]))]));
      const lcp = median(runsOfPage.map((result) => result.lcpMs));
      const tbt = median(runsOfPage.map((result) => result.tbtMs));
      const cls = Math.max(...runsOfPage.map((result) => result.cls));
      const failing = [...new Set(runsOfPage.flatMap((result) => result.failing))];
      const byRun = runsOfPage.map((result) => result.scores.performance).join(', ');
      const last = runsOfPage.at(-1);
      const lcpOf = last?.lcpElement ? ` LCP element (last run): ${last.lcpElement.slice(0, 120)} [${last.lcpPhases}]` : '';
      log(`lighthouse ${presetLabel(preset)} ${name} ${path}: ${JSON.stringify(scores)} (performance by run: ${byRun}) LCP ${lcp} ms TBT ${tbt} ms${failing.length ? ` failing: ${failing.join(', ')}` : ''}${lcpOf}`);
      const value = `perf ${scores.performance} / a11y ${scores.accessibility} / bp ${scores['best-practices']} / seo ${scores.seo} (LCP ${lcp} ms, TBT ${tbt} ms, CLS ${cls.toFixed(3)})`;
      if (kind === 'bare') {
        baseline = { scores, lcp, tbt };
        rows.push({ area: `lighthouse ${presetLabel(preset)}`, measure: `${name} (baseline)`, value, target: '', pass: '' });
        continue;
      }
      const { target, pass } = meets(kind, preset, { scores, lcp, tbt, cls }, baseline);
      rows.push({ area: `lighthouse ${presetLabel(preset)} (median of ${runs})`, measure: `${name} ${path}`, value, target, pass });
    }
  }
  return rows;
}
