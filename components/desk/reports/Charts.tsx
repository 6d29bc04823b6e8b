import type { ReactNode } from 'react';
import { formatCount, formatReportDay } from './report-text';

/**
 * The report's charts: server-rendered HTML and SVG, no chart library and no script. Each is drawn for the eye
 * only (aria-hidden): the table beside it carries the same figures for a screen reader and for copying.
 */

/** A chart and its table side by side on a wide screen, one above the other on a phone. */
export function ChartWithTable({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  return (
    <div className="mt-3 grid items-start gap-4 lg:grid-cols-2">
      <div aria-hidden="true" className="min-w-0" data-chart>
        {chart}
      </div>
      <div className="min-w-0">{table}</div>
    </div>
  );
}

export interface Bar {
  label: string;
  value: number;
  /** The value as the table writes it. */
  text: string;
  /** The same figure in the period before, drawn as a thin bar under it. */
  before?: { value: number; text: string };
}

/** Horizontal bars, one per row, scaled to the largest value shown (`max` to fix the scale, as 100% for a rate). */
export function BarList({ bars, max }: { bars: readonly Bar[]; max?: number }) {
  const top = max ?? Math.max(0, ...bars.flatMap((bar) => [bar.value, bar.before?.value ?? 0]));
  const width = (value: number) => `${top > 0 ? Math.min(100, (value / top) * 100) : 0}%`;
  if (bars.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {bars.map((bar) => (
        <li key={bar.label} className="min-w-0">
          <div className="flex justify-between gap-2">
            <span className="truncate">{bar.label}</span>
            <span className="font-semibold tabular-nums">{bar.text}</span>
          </div>
          <div className="mt-0.5 h-3 rounded bg-stone-100">
            <div className="h-3 rounded bg-brand-700" style={{ width: width(bar.value) }} />
          </div>
          {bar.before ? (
            <div className="mt-0.5 h-1.5 rounded bg-stone-100" title={`Period before: ${bar.before.text}`}>
              <div className="h-1.5 rounded bg-stone-500" style={{ width: width(bar.before.value) }} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The legend of a chart whose thin bars are the period before. */
export function BeforeLegend() {
  return (
    <p className="mb-2 flex flex-wrap gap-x-4 text-xs text-stone-700">
      <span>
        <span className="mr-1 inline-block h-2 w-4 rounded bg-brand-700 align-middle" />
        This period
      </span>
      <span>
        <span className="mr-1 inline-block h-1.5 w-4 rounded bg-stone-500 align-middle" />
        Period before
      </span>
    </p>
  );
}

const CHART_HEIGHT = 120;

/**
 * Bookings made and visits held, a pair of columns per day, in an SVG that stretches to its frame's width: a month
 * fits a phone, and every day of the period is drawn, a day with none too.
 */
export function DayChart({ days }: { days: readonly { date: string; bookingsMade: number; visitsHeld: number }[] }) {
  const top = Math.max(1, ...days.flatMap((day) => [day.bookingsMade, day.visitsHeld]));
  const slot = 10;
  const column = 4;
  const height = (value: number) => (value / top) * CHART_HEIGHT;
  const first = days[0];
  const last = days.at(-1);
  return (
    <div>
      <p className="mb-2 flex flex-wrap gap-x-4 text-xs text-stone-700">
        <span>
          <span className="mr-1 inline-block h-2 w-4 rounded bg-brand-700 align-middle" />
          Bookings made
        </span>
        <span>
          <span className="mr-1 inline-block h-2 w-4 rounded bg-teal-600 align-middle" />
          Visits held
        </span>
        <span>Highest: {formatCount(top)}</span>
      </p>
      <svg viewBox={`0 0 ${days.length * slot} ${CHART_HEIGHT}`} preserveAspectRatio="none" className="h-32 w-full border-b border-stone-400" focusable="false">
        {days.map((day, index) => (
          <g key={day.date}>
            <rect x={index * slot + 1} y={CHART_HEIGHT - height(day.bookingsMade)} width={column} height={height(day.bookingsMade)} className="fill-brand-700" />
            <rect x={index * slot + 1 + column} y={CHART_HEIGHT - height(day.visitsHeld)} width={column} height={height(day.visitsHeld)} className="fill-teal-600" />
          </g>
        ))}
      </svg>
      {first && last ? (
        <p className="mt-1 flex justify-between text-xs text-stone-700">
          <span>{formatReportDay(first.date)}</span>
          {last.date !== first.date ? <span>{formatReportDay(last.date)}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
