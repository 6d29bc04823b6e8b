// The INP table's arithmetic, apart from the browser (inp.mjs): the median of each tap's runs against issue 38's
// target, under 100 ms at 4x CPU slowdown; the bare page's tap is the machine's floor, shown without a target.
import { median } from './lighthouse-table.mjs';

export const INP_TARGET_MS = 100;

export function inpRows(samples, runs) {
  return Object.entries(samples).map(([name, values]) => {
    const middle = median(values);
    const value = `${middle} ms (runs: ${values.join(', ')})`;
    if (name.includes('bare page')) return { area: `INP, 4x CPU (median of ${runs})`, measure: `${name} (baseline)`, value, target: '', pass: '' };
    return { area: `INP, 4x CPU (median of ${runs})`, measure: name, value, target: `< ${INP_TARGET_MS} ms`, pass: middle < INP_TARGET_MS };
  });
}
