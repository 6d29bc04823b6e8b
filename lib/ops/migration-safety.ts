/**
 * A migration never loses a salon's data by accident: a statement that drops a table or a column, changes a
 * column's type without saying how (USING), or empties a table, needs, earlier in the same migration, a step that
 * carries the data (an INSERT or UPDATE naming the table or column), or a comment right above it starting
 * `-- data:` that says why nothing is lost. Checked over drizzle/ by migration-safety.test.ts.
 */
export interface MigrationProblem {
  file: string;
  statement: string;
  message: string;
}

interface Statement {
  sql: string;
  /** The comment lines just above it. */
  comments: string[];
}

function statementsOf(text: string): Statement[] {
  const statements: Statement[] = [];
  let comments: string[] = [];
  let current: string[] = [];
  for (const raw of text.replaceAll('--> statement-breakpoint', ';').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('--')) {
      if (current.length === 0) comments.push(line);
      continue;
    }
    for (const [index, part] of line.split(';').entries()) {
      if (index > 0 && current.join(' ').trim()) {
        statements.push({ sql: current.join(' ').replace(/\s+/g, ' ').trim(), comments });
        comments = [];
        current = [];
      } else if (index > 0) {
        current = [];
      }
      if (part.trim()) current.push(part);
    }
  }
  if (current.join(' ').trim()) statements.push({ sql: current.join(' ').replace(/\s+/g, ' ').trim(), comments });
  return statements;
}

const name = String.raw`"?([A-Za-z0-9_]+)"?`;
const qualifiedTable = String.raw`(?:"?public"?\.)?${name}`;

/** What a statement destroys: the names a carrying step must mention, and the sentence, or null. */
function destroys(sql: string): { names: string[]; what: string; usingCounts?: boolean } | null {
  let match = new RegExp(String.raw`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?${qualifiedTable} DROP COLUMN (?:IF EXISTS )?${name}`, 'i').exec(sql);
  if (match) return { names: [match[2]!], what: `drops the column ${match[1]}.${match[2]}` };
  match = new RegExp(String.raw`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?${qualifiedTable} ALTER COLUMN ${name} (?:SET DATA )?TYPE `, 'i').exec(sql);
  if (match) return { names: [match[2]!], what: `changes the type of ${match[1]}.${match[2]}`, usingCounts: true };
  match = new RegExp(String.raw`^DROP TABLE (?:IF EXISTS )?${qualifiedTable}`, 'i').exec(sql);
  if (match) return { names: [match[1]!], what: `drops the table ${match[1]}` };
  match = new RegExp(String.raw`^TRUNCATE (?:TABLE )?${qualifiedTable}`, 'i').exec(sql);
  if (match) return { names: [match[1]!], what: `empties the table ${match[1]}` };
  match = new RegExp(String.raw`^DELETE FROM ${qualifiedTable}`, 'i').exec(sql);
  if (match && !/\bWHERE\b/i.test(sql)) return { names: [match[1]!], what: `deletes every row of ${match[1]}` };
  return null;
}

function carries(statement: string, names: string[]): boolean {
  if (!/^(INSERT|UPDATE|WITH)\b/i.test(statement)) return false;
  return names.some((n) => new RegExp(String.raw`(^|[^A-Za-z0-9_])"?${n}"?([^A-Za-z0-9_]|$)`).test(statement));
}

export function migrationProblems(file: string, text: string): MigrationProblem[] {
  const statements = statementsOf(text);
  const problems: MigrationProblem[] = [];
  statements.forEach((statement, index) => {
    const loss = destroys(statement.sql);
    if (!loss) return;
    if (statement.comments.some((comment) => /^--\s*data:\s*\S/.test(comment))) return;
    if (loss.usingCounts && /\bUSING\b/i.test(statement.sql)) return;
    if (statements.slice(0, index).some((earlier) => carries(earlier.sql, loss.names))) return;
    problems.push({
      file,
      statement: statement.sql,
      message: `${file} ${loss.what} with no step before it that carries its data (an INSERT or UPDATE naming it${loss.usingCounts ? ', or USING' : ''}), nor a '-- data:' comment saying why nothing is lost.`,
    });
  });
  return problems;
}
