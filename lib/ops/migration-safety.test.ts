import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationProblems } from './migration-safety';

const FOLDER = path.join(process.cwd(), 'drizzle');

it('no migration in drizzle/ drops, retypes or empties a column or table without carrying its data', () => {
  const files = readdirSync(FOLDER).filter((file) => file.endsWith('.sql'));
  expect(files.length).toBeGreaterThan(20);
  expect(files.flatMap((file) => migrationProblems(file, readFileSync(path.join(FOLDER, file), 'utf8')))).toEqual([]);
});

describe('what the check refuses and what it lets through', () => {
  const problems = (sql: string) => migrationProblems('9999_test.sql', sql).map((problem) => problem.message);

  it('a dropped column, alone, is refused; after a step that copies it, or with a reason, it passes', () => {
    expect(problems('ALTER TABLE "users" DROP COLUMN "phone";')).toEqual([
      expect.stringContaining('9999_test.sql drops the column users.phone with no step before it that carries its data'),
    ]);
    expect(
      problems(
        'ALTER TABLE "users" ADD COLUMN "phones" text[];--> statement-breakpoint\nUPDATE "users" SET "phones" = ARRAY["phone"];--> statement-breakpoint\nALTER TABLE "users" DROP COLUMN "phone";',
      ),
    ).toEqual([]);
    expect(problems('-- data: written by no release since 0010; always null\nALTER TABLE "users" DROP COLUMN IF EXISTS "fax";')).toEqual([]);
    // A step that names something else carries nothing.
    expect(problems('UPDATE "users" SET "name" = trim("name");\nALTER TABLE "users" DROP COLUMN "phone";')).toHaveLength(1);
  });

  it('a changed type needs USING; a dropped table needs its rows copied; emptying a table needs a reason', () => {
    expect(problems('ALTER TABLE "appointments" ALTER COLUMN "price" SET DATA TYPE integer;')).toEqual([expect.stringContaining('changes the type of appointments.price')]);
    expect(problems('ALTER TABLE "appointments" ALTER COLUMN "price" SET DATA TYPE integer USING round("price" * 100);')).toEqual([]);
    expect(problems('DROP TABLE "public"."rosters" CASCADE;')).toEqual([expect.stringContaining('drops the table rosters')]);
    expect(problems('INSERT INTO "shifts" (therapist_id) SELECT therapist_id FROM "rosters";\nDROP TABLE "rosters";')).toEqual([]);
    expect(problems('DELETE FROM "rate_limits";')).toEqual([expect.stringContaining('deletes every row of rate_limits')]);
    expect(problems("DELETE FROM \"rate_limits\" WHERE window_start < now() - interval '1 day';")).toEqual([]);
    expect(problems('-- data: counters of the last minute, rebuilt by the next requests\nTRUNCATE "rate_limits";')).toEqual([]);
  });
});
