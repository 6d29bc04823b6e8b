/**
 * Measures the desk's customer search (lib/desk/customers.ts) over 50,000 customers and prints one JSON line. Run by
 * scripts/bench/customer-search.mjs: PGlite in a fresh folder, or the server in DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const RUNS = 300;

const FIRST = ['Ana', 'Maria', 'Grace', 'Olivia', 'Liam', 'Noah', 'Emma', 'Sofia', 'Mia', 'Lucas', 'Chloe', 'Ethan', 'Zoe', 'Ava', 'Isabella', 'Mateo', 'Leah', 'Nora', 'Aria', 'Elena', 'Hannah', 'Priya', 'Wei', 'Yuki', 'Omar', 'Fatima', 'Diego', 'Camila', 'Jamal', 'Keisha', 'Ivan', 'Olga', 'Tariq', 'Amara', 'Kenji', 'Sana', 'Rosa', 'Luis', 'Dana', 'Quinn'];
const LAST = ['Lopez', 'Kim', 'Nguyen', 'Smith', 'Johnson', 'Garcia', 'Patel', 'Chen', 'Brown', 'Davis', 'Martinez', 'Wilson', 'Anderson', 'Thomas', 'Moore', 'Jackson', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'Allen', 'Wright', 'Scott', 'Torres', 'Hill', 'Flores', 'Green', 'Adams', 'Baker', 'Rivera', 'Campbell', 'Mitchell', 'Roberts', 'Carter', 'Phillips', 'Evans', 'Turner', 'Parker', 'Collins', 'Edwards', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers', 'Morgan', 'Peterson', 'Cooper', 'Reed'];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'example.com'];

/** A fixed pseudo-random sequence (mulberry32), so every run searches the same list. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: samples.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

async function main() {
  const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'salon-bench-search-'));
  if (dataDir) process.env.DATA_DIR = dataDir;
  const { getDatabase, closeDb } = await import('@/lib/db');
  const { users } = await import('@/lib/db/schema');
  const { searchCustomers } = await import('@/lib/desk/customers');
  try {
    const database = await getDatabase();
    const { db } = database;
    const next = random(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const people: { name: string; email: string | null; phone: string | null }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const phone = `${pick(['212', '646', '718', '917', '347'])}${String(Math.floor(next() * 10_000_000)).padStart(7, '0')}`;
      // Most have both; some only an address (signed up online), some only a phone (booked at the desk).
      const kind = next();
      people.push({
        name: `${first} ${last}`,
        email: kind < 0.9 ? `${first}.${last}${i}@${pick(DOMAINS)}`.toLowerCase() : null,
        phone: kind > 0.3 ? phone : null,
      });
    }
    for (let i = 0; i < people.length; i += 1000) await db.insert(users).values(people.slice(i, i + 1000));
    await db.execute(sql`analyze users`);

    const queries = {
      name: Array.from({ length: RUNS }, () => {
        const last = pick(people).name.split(' ')[1]!;
        const start = Math.floor(next() * Math.max(1, last.length - 3));
        return last.slice(start, start + 4).toLowerCase();
      }),
      email: Array.from({ length: RUNS }, () => {
        const email = pick(people.filter((p) => p.email)).email!;
        const local = email.split('@')[0]!;
        return local.slice(Math.max(0, local.length - 8));
      }),
      phone: Array.from({ length: RUNS }, () => pick(people.filter((p) => p.phone)).phone!.slice(-7)),
      // A whole number as a caller ID shows it: '+1 212-555-0147'.
      callerId: Array.from({ length: RUNS }, () => {
        const d = pick(people.filter((p) => p.phone)).phone!;
        return `+1 ${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
      }),
      // A full name with one letter of the last name left out ('Grace Lopz'): no substring match, so the trigram
      // similarity search runs.
      typo: Array.from({ length: RUNS }, () => {
        const [first, last] = pick(people).name.split(' ') as [string, string];
        const at = 1 + Math.floor(next() * (last.length - 1));
        return `${first} ${last.slice(0, at)}${last.slice(at + 1)}`;
      }),
    };
    // How the database answers each kind (its first query): from the trigram index, or a scan that stops at 21 rows.
    const planOf = async (kind: string, q: string) => {
      const text = kind === 'callerId' ? q.replace(/\D/g, '').slice(1) : q.toLowerCase();
      const where = kind === 'typo' ? sql`search_text %> ${text}` : sql`search_text like ${`%${text}%`}`;
      // The typo search turns the planner's sequential scan off, as lib/desk/customers.ts does.
      const plan = await db.transaction(async (tx) => {
        if (kind === 'typo') await tx.execute(sql`set local enable_seqscan = off`);
        return (await tx.execute(sql`explain select id from users where ${where} limit 21`)) as unknown as { rows: Record<string, string>[] };
      });
      const lines = plan.rows.map((row) => Object.values(row)[0]).join('\n');
      return /users_search_trgm_idx/.test(lines) ? 'trigram index' : /Seq Scan/.test(lines) ? 'scan stopping at 21 rows' : 'other plan';
    };
    const results: Record<string, ReturnType<typeof summary> & { found: number; plan: string }> = {};
    for (const [kind, list] of Object.entries(queries)) {
      for (const q of list.slice(0, 30)) await searchCustomers(db, q);
      const samples: number[] = [];
      let found = 0;
      for (const q of list) {
        const t0 = performance.now();
        found += (await searchCustomers(db, q)).customers.length;
        samples.push(performance.now() - t0);
      }
      results[kind] = { ...summary(samples), found: found / list.length, plan: await planOf(kind, list[0]!) };
    }
    console.log(JSON.stringify({ db: database.kind, customers: CUSTOMERS, ...results }));
  } finally {
    await closeDb();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
