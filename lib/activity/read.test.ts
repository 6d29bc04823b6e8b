/** @jest-environment node */
import { closeDb, getDb } from '@/lib/db';
import { activityLog, type ActivityKind } from '@/lib/db/schema';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { recordActivity } from './log';
import { formatWhen, listActivity } from './read';

jest.setTimeout(60_000);
createTempDataDir('salon-activity-');
afterAll(closeDb);

const KINDS: ActivityKind[] = ['menu', 'promotions', 'hours'];

/** 40 entries, one a minute from 09:00 New York time on 2026-11-02, kinds in turn; then 5 written in one transaction (one instant). */
beforeAll(async () => {
  const db = await getDb();
  for (let i = 0; i < 40; i++) {
    await db.insert(activityLog).values({
      at: new Date(Date.parse('2026-11-02T14:00:00Z') + i * 60_000),
      actorName: 'Olive Owner',
      kind: KINDS[i % 3]!,
      action: 'changed',
      subject: `Entry ${i}`,
      summary: `Change ${i}`,
      before: { price: i },
      after: { price: i + 1 },
    });
  }
  await db.transaction(async (tx) => {
    for (let i = 40; i < 45; i++) await recordActivity(tx, { userId: null, name: 'Olive Owner' }, { kind: 'promotions', action: 'changed', subject: `Entry ${i}`, summary: `Change ${i}` });
  });
  // Written later but dated earlier (a transaction that began before the others): listed by its time, not its id.
  await db.insert(activityLog).values({ at: new Date('2026-11-01T12:00:00Z'), actorName: 'Olive Owner', kind: 'menu', action: 'changed', subject: 'Entry early', summary: 'Early' });
});

const subjects = (entries: { subject: string }[]) => entries.map((entry) => entry.subject);

describe('the activity log, newest first, a page at a time', () => {
  it('pages by keyset through every entry once, newest first, ties by the later entry', async () => {
    const db = await getDb();
    const seen: string[] = [];
    let before: number | undefined;
    let pages = 0;
    do {
      const page = await listActivity(db, { before, limit: 7 });
      seen.push(...subjects(page.entries));
      before = page.next ?? undefined;
      pages++;
    } while (before !== undefined);
    expect(pages).toBe(7);
    const expected = [...Array.from({ length: 5 }, (_, k) => `Entry ${44 - k}`), ...Array.from({ length: 40 }, (_, k) => `Entry ${39 - k}`), 'Entry early'];
    expect(seen).toEqual(expected);
  });

  it('an entry written while the owner reads does not shift the next page', async () => {
    const db = await getDb();
    const first = await listActivity(db, { limit: 10 });
    await db.transaction((tx) => recordActivity(tx, { userId: null, name: 'Olive Owner' }, { kind: 'menu', action: 'changed', subject: 'Entry new', summary: 'New' }));
    const second = await listActivity(db, { before: first.next!, limit: 10 });
    expect(subjects(second.entries)[0]).toBe(`Entry ${39 - 5}`);
    expect(subjects((await listActivity(db, { limit: 1 })).entries)).toEqual(['Entry new']);
  });

  it('filters by kind, paging within it', async () => {
    const db = await getDb();
    const all: string[] = [];
    let before: number | undefined;
    do {
      const page = await listActivity(db, { kind: 'hours', before, limit: 5 });
      expect(page.entries.every((entry) => entry.kind === 'hours')).toBe(true);
      all.push(...subjects(page.entries));
      before = page.next ?? undefined;
    } while (before !== undefined);
    expect(all).toEqual(Array.from({ length: 40 }, (_, k) => 39 - k).filter((i) => i % 3 === 2).map((i) => `Entry ${i}`));
  });

  it('each entry says when in New York time, who, what, and the changed fields in words', async () => {
    const { entries } = await listActivity(await getDb(), { kind: 'menu', limit: 50 });
    const entry = entries.find((candidate) => candidate.subject === 'Entry 0')!;
    expect(entry).toMatchObject({
      when: 'Nov 2, 2026, 9:00 AM EST',
      at: '2026-11-02T14:00:00.000Z',
      actor: { id: null, name: 'Olive Owner' },
      action: 'changed',
      summary: 'Change 0',
      changes: [{ field: 'price', label: 'Price', before: '0', after: '1' }],
    });
    expect(formatWhen(new Date('2026-07-04T16:30:00Z'))).toBe('Jul 4, 2026, 12:30 PM EDT');
  });
});
