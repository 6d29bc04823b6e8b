import { csvStream, csvText, UTF8_BOM, type CsvCell, type CsvSource } from './csv-stream';

/** The stream's text with its byte-order mark kept (Response.text() would drop it). */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

/** Numbers 1..total as rows, `batch` counting the batches asked for. */
function numbers(total: number): CsvSource<number, number> & { batches: number } {
  const source = {
    batches: 0,
    header: ['n', 'square'],
    async batch(after: number | undefined, limit: number) {
      source.batches += 1;
      const first = (after ?? 0) + 1;
      return Array.from({ length: Math.max(0, Math.min(limit, total - first + 1)) }, (_, i) => first + i);
    },
    cursorOf: (n: number) => n,
    cells: (n: number): CsvCell[] => [n, n * n],
  };
  return source;
}

describe('csvText (RFC 4180, formulas neutralised)', () => {
  it('ends every record with CRLF and quotes a field holding a comma, a quote or a line break', () => {
    expect(csvText([['Name', 'Note'], ['Ada, Countess', 'said "hi"\r\nthen left'], ['Bo', 'one\ntwo'], ['Cy', 'one\rtwo'], ['', null]])).toBe(
      'Name,Note\r\n"Ada, Countess","said ""hi""\r\nthen left"\r\nBo,"one\ntwo"\r\nCy,"one\rtwo"\r\n,\r\n',
    );
  });

  it("puts a ' before a text cell that a spreadsheet would run as a formula, and leaves numbers and other text alone", () => {
    const cells = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR', 'plain', 'a=b'];
    expect(csvText([cells])).toBe(`"'=HYPERLINK(""http://x"",""y"")",'+1,'-2+3,'@SUM(A1),'\tTab,"'\rCR",plain,a=b\r\n`);
    expect(csvText([[-5, 65.5]])).toBe('-5,65.5\r\n');
  });
});

describe('csvStream', () => {
  it('starts with the byte-order mark and the header row, then every row once', async () => {
    const text = await readAll(csvStream(numbers(5), { batchRows: 2 }));
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.slice(1)).toBe('n,square\r\n1,1\r\n2,4\r\n3,9\r\n4,16\r\n5,25\r\n');
  });

  it('answers the header alone when there are no rows', async () => {
    expect(await readAll(csvStream(numbers(0)))).toBe(`${UTF8_BOM}n,square\r\n`);
  });

  it('asks for the next batch only when the reader has taken the one before, and for none after a cancel', async () => {
    const source = numbers(100_000);
    const reader = csvStream(source, { batchRows: 1000 }).getReader();
    await reader.read(); // the header
    await new Promise((resolve) => setTimeout(resolve, 20));
    // One batch waits in the queue for the reader; nothing more is read from the database.
    expect(source.batches).toBe(1);
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(source.batches).toBe(2);
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(source.batches).toBe(2);
  });

  it('reads 100,000 rows in batches of 1,000 (101 queries: the last one finds none)', async () => {
    const source = numbers(100_000);
    const text = await readAll(csvStream(source));
    expect(text.split('\r\n')).toHaveLength(100_000 + 2);
    expect(source.batches).toBe(101);
  });

  it('errors the stream when a batch fails, and says so to onError', async () => {
    const failure = new Error('connection lost');
    const seen: unknown[] = [];
    const source = { ...numbers(10), batch: () => Promise.reject(failure) };
    await expect(readAll(csvStream(source, { onError: (error) => seen.push(error) }))).rejects.toBe(failure);
    expect(seen).toEqual([failure]);
  });
});
