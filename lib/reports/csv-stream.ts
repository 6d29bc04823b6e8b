import { stringify, type Options } from 'csv-stringify/sync';

/**
 * A CSV file as a web stream, read from the database a batch at a time: RFC 4180 (CRLF between records, a field
 * quoted when it holds a comma, a quote or a line break), a header row, UTF-8 with a byte-order mark (Excel reads a
 * file without one in the machine's legacy code page, so 'Zoë' arrives as 'ZoÃ«'), and every text cell that a
 * spreadsheet would take for a formula (= + - @, a tab or a carriage return first) neutralised by a leading '.
 *
 * The next batch is asked for only when the reader has taken the one before (the stream's pull, high-water mark one
 * chunk), so a slow download holds at most one batch in memory and a cancelled one stops asking.
 */

export type CsvCell = string | number | null | undefined;

export interface CsvSource<Row, Cursor> {
  header: readonly string[];
  /** Up to `limit` rows after `after` (undefined: from the first), in the order the cursor follows. */
  batch(after: Cursor | undefined, limit: number): Promise<Row[]>;
  /** The keyset cursor of a row: the next batch starts after it. */
  cursorOf(row: Row): Cursor;
  cells(row: Row): CsvCell[];
}

const CSV_BATCH_ROWS = 1000;
export const UTF8_BOM = '\uFEFF';

// quote_record_delimiter: a lone LF or CR inside a field is quoted too (with record_delimiter set, csv-stringify
// would otherwise quote only the whole CRLF).
const CSV_OPTIONS: Options = { record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true };

/** Records as CSV text (without a byte-order mark). */
export function csvText(records: readonly (readonly CsvCell[])[]): string {
  return stringify(records as CsvCell[][], CSV_OPTIONS);
}

export interface CsvStreamOptions {
  batchRows?: number;
  /** Told when a batch fails: the stream then errors, so the download ends unfinished rather than cut short quietly. */
  onError?: (error: unknown) => void;
}

export function csvStream<Row, Cursor>(source: CsvSource<Row, Cursor>, options: CsvStreamOptions = {}): ReadableStream<Uint8Array> {
  const batchRows = options.batchRows ?? CSV_BATCH_ROWS;
  const encoder = new TextEncoder();
  let after: Cursor | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(UTF8_BOM + csvText([source.header])));
      },
      async pull(controller) {
        let rows: Row[];
        try {
          rows = await source.batch(after, batchRows);
        } catch (error) {
          options.onError?.(error);
          controller.error(error);
          return;
        }
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(csvText(rows.map((row) => source.cells(row)))));
          after = source.cursorOf(rows[rows.length - 1]!);
        }
        if (rows.length < batchRows) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
