import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { formatDay } from './format';
import type { VisitAnswer } from './visit-client';
import { pickerKey } from './visit-pickers';
import { VisitPicker } from './VisitPicker';

const TODAY = '2027-03-01';
const LAST_DAY = '2027-05-30';
const AREAS = [{ areaId: 1, therapistId: 0, duration: 30, serviceIds: ['c8729f00-1dc1-4457-ab22-f352e20d42a1'] }];

function strip(counts: number[]): VisitAnswer['days'] {
  return counts.map((count, i) => ({ date: `2027-03-${String(i + 1).padStart(2, '0')}`, count }));
}

const time = (date: string, clock: string): VisitAnswer['times'][number] => ({
  start: `${date}T15:00:00.000Z`,
  time: clock,
  endTime: '10:30',
  part: 'morning',
  legs: [{ areaId: 1, start: `${date}T15:00:00.000Z`, time: clock, therapistIds: [1] }],
});

/** What the server draws, with the answers the booking page renders with it (first-free-times.ts) as SWR's fallback. */
function serverHtml(fallback: Record<string, VisitAnswer>): string {
  const html = renderToString(
    <SWRConfig value={{ fallback }}>
      <VisitPicker location="1" areas={AREAS} today={TODAY} lastDay={LAST_DAY} chosenDate={undefined} isChosen={() => false} onChoose={() => undefined} />
    </SWRConfig>,
  );
  // React's marker between two pieces of text.
  return html.replaceAll('<!-- -->', '');
}

describe('VisitPicker drawn by the server', () => {
  const days = strip([0, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
  const first = pickerKey('1', AREAS, TODAY, LAST_DAY, undefined)!;
  const second = pickerKey('1', AREAS, TODAY, LAST_DAY, '2027-03-02')!;

  it('shows the strip and the times of the answer it was given, not a loading line', () => {
    const html = serverHtml({ [first]: { days: strip([3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]), date: TODAY, times: [time(TODAY, '10:00')], timestamp: '' } });
    expect(html).not.toContain('Looking for free times');
    expect(html).toContain('aria-label="Day of your visit"');
    expect(html).toContain(`Start times on ${formatDay(TODAY)}`);
  });

  it("when today has no time left, opens on the first day with one, as the browser will once it runs (nothing moves)", () => {
    const html = serverHtml({
      [first]: { days, date: TODAY, times: [], timestamp: '' },
      [second]: { days, date: '2027-03-02', times: [time('2027-03-02', '10:00')], timestamp: '' },
    });
    expect(html).toContain(`Start times on ${formatDay('2027-03-02')}`);
    expect(html).not.toContain('There is no time for the whole visit');
  });

  it('a cart longer than one visit may be: says so and how to go on, and asks the server nothing', () => {
    const long = [{ areaId: 1, therapistId: 0, duration: 420 }, { areaId: 2, therapistId: 0, duration: 270 }];
    const html = renderToString(
      <VisitPicker location="1" areas={long} today={TODAY} lastDay={LAST_DAY} chosenDate={undefined} isChosen={() => false} onChoose={() => undefined} />,
    );
    expect(html).toContain('These services take 11.5 hours, and one visit can take at most 10. Take some out of your booking, or book them as two visits.');
    expect(html).not.toContain('Looking for free times');
  });

  it('without an answer, says it is looking, as before', () => {
    expect(serverHtml({})).toContain('Looking for free times');
  });
});
