/**
 * RFC 4180 read back, for tests of the CSV exports: records end with CRLF, a quoted field may hold commas, line
 * breaks and doubled quotes. A leading byte-order mark is dropped. Strict: a stray quote throws.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  let quoted = false;
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (char === '"') {
        quoted = false;
        i += 1;
        if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`a character after a closing quote at ${i}`);
      } else {
        field += char;
        i += 1;
      }
    } else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (char === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (char === '\r' || char === '\n') {
      throw new Error(`a bare line break outside quotes at ${i}`);
    } else {
      field += char;
      i += 1;
    }
  }
  if (quoted) throw new Error('an unclosed quote');
  if (field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

/** The records after the header as objects keyed by the header's names. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}
