import { describeChange, formatFigure, type FigureKind } from './report-text';

export interface ComparisonRow {
  label: string;
  current: number;
  before: number;
  kind: FigureKind;
  /** A sub-figure of the row above it (early cancellations under cancellations): indented. */
  part?: boolean;
}

const ARROW = { up: '\u2191', down: '\u2193', same: '' } as const;

/**
 * Figures of this period beside the same period before and the change, as a table: the screen reader reads each
 * row whole, and the owner can copy it into a spreadsheet. On a narrow screen it scrolls inside its own frame.
 */
export function ComparisonTable({ caption, rows }: { caption: string; rows: readonly ComparisonRow[] }) {
  return (
    <div className="mt-3 max-w-full overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-left">
            <th scope="col" className="py-2 pr-2">
              Figure
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              This period
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Period before
            </th>
            <th scope="col" className="py-2 pl-2 text-right">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const change = describeChange(row.current, row.before, row.kind);
            return (
              <tr key={row.label} className="border-b border-stone-200">
                <th scope="row" className={`py-2 pr-2 text-left font-normal ${row.part ? 'pl-4 text-stone-700' : 'font-semibold'}`}>
                  {row.label}
                </th>
                <td className="px-2 py-2 text-right tabular-nums">{formatFigure(row.current, row.kind)}</td>
                <td className="px-2 py-2 text-right text-stone-700 tabular-nums">{formatFigure(row.before, row.kind)}</td>
                <td className="py-2 pl-2 text-right tabular-nums" data-direction={change.direction}>
                  {ARROW[change.direction] ? <span aria-hidden="true">{ARROW[change.direction]} </span> : null}
                  {change.text}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
