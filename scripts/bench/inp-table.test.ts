import { inpRows } from './inp-table.mjs';

describe('inpRows', () => {
  it('takes the median of each tap against 100 ms, the bare page as the baseline without a target', () => {
    const rows = inpRows({ 'a tap on the bare page': [24, 16, 32, 16, 20], 'Add to booking': [80, 120, 96, 90, 110], 'a search keystroke': [100, 130, 99, 140, 104] }, 5);
    expect(rows).toEqual([
      { area: 'INP, 4x CPU (median of 5)', measure: 'a tap on the bare page (baseline)', value: '20 ms (runs: 24, 16, 32, 16, 20)', target: '', pass: '' },
      { area: 'INP, 4x CPU (median of 5)', measure: 'Add to booking', value: '96 ms (runs: 80, 120, 96, 90, 110)', target: '< 100 ms', pass: true },
      { area: 'INP, 4x CPU (median of 5)', measure: 'a search keystroke', value: '104 ms (runs: 100, 130, 99, 140, 104)', target: '< 100 ms', pass: false },
    ]);
  });
});
