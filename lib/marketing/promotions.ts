import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { catalogChanged } from '@/lib/catalog/live';
import { CATALOG_TAGS, publishCatalogChange } from '@/lib/catalog/publish';
import type { Db } from '@/lib/db';
import { lockForTransaction } from '@/lib/db/advisory-lock';
import type { Tx } from '@/lib/db/client';
import { newsCards, promotions } from '@/lib/db/schema';
import { type HomeBanner } from './banner-window';
import {
  bannerChangeSummary,
  inNewsOrder,
  moveCard,
  newsChangeSummary,
  type BannerInput,
  type NewsCreateInput,
  type NewsPatchInput,
  type NewsRecord,
} from './promotion-rules';

/**
 * The owner's promotions in the database: the home page's one banner and its news cards. Every save is one
 * transaction that takes the promotions lock, reads what it replaces, writes, records the change in the activity log
 * and publishes it (CATALOG_TAGS.promotions); after the commit this instance reloads its catalogue. A save that
 * changes nothing writes, records and publishes nothing.
 */

type Reader = Pick<Db, 'select'>;

/** The banner the owner set (there is one at most; a save replaces it), or null. */
export async function readBanner(db: Reader): Promise<HomeBanner | null> {
  const [row] = await db.select().from(promotions).orderBy(desc(promotions.id)).limit(1);
  return row ? { text: row.text, link: row.link, startsOn: row.startsOn, endsOn: row.endsOn } : null;
}

/** A news card as the owner edits it; `position` is its place in the list, 0 first. */
export interface NewsCardView {
  id: number;
  title: string;
  text: string;
  link: string;
  published: boolean;
  position: number;
  photoId: string | null;
}

/** Every card, published or not, in the home page's order. */
export async function listNews(db: Reader): Promise<NewsCardView[]> {
  const rows = inNewsOrder(await db.select().from(newsCards));
  return rows.map((row, position) => ({ id: row.id, title: row.title, text: row.body, link: row.link, published: row.published, position, photoId: row.photoId }));
}

const asRecord = (card: NewsCardView): NewsRecord => ({ title: card.title, text: card.text, link: card.link, published: card.published, place: card.position + 1 });

async function publish(tx: Tx): Promise<void> {
  await publishCatalogChange(tx, [CATALOG_TAGS.promotions]);
}

/** Stores the cards' order: each card's position becomes its index in `order`. */
async function storeOrder(tx: Tx, cards: readonly Pick<NewsCardView, 'id' | 'position'>[], order: readonly number[]): Promise<void> {
  const now = new Date();
  for (const [index, id] of order.entries()) {
    if (cards.find((card) => card.id === id)?.position !== index) await tx.update(newsCards).set({ position: index, updatedAt: now }).where(eq(newsCards.id, id));
  }
}

/** Replaces the banner. Answers the banner saved and whether it differs from the one before. */
export async function saveBanner(db: Db, actor: ActivityActor, input: BannerInput): Promise<{ banner: HomeBanner; changed: boolean }> {
  const banner: HomeBanner = { text: input.text, link: input.link, startsOn: input.startsOn, endsOn: input.endsOn };
  const changed = await db.transaction(async (tx) => {
    await lockForTransaction(tx, 'promotions', 'home');
    const before = await readBanner(tx);
    if (before && JSON.stringify(before) === JSON.stringify(banner)) return false;
    await tx.delete(promotions);
    await tx.insert(promotions).values(banner);
    await recordActivity(tx, actor, {
      kind: 'promotions',
      action: before ? 'changed' : 'created',
      subject: 'Home page banner',
      summary: bannerChangeSummary(before, banner),
      before,
      after: banner,
    });
    await publish(tx);
    return true;
  });
  if (changed) await catalogChanged(db);
  return { banner, changed };
}

/** Adds a card at `position` (last when not given). */
export async function createNews(db: Db, actor: ActivityActor, input: NewsCreateInput): Promise<NewsCardView> {
  const id = await db.transaction(async (tx) => {
    await lockForTransaction(tx, 'promotions', 'home');
    const cards = await listNews(tx);
    const [row] = await tx
      .insert(newsCards)
      .values({ title: input.title, body: input.text, link: input.link, published: input.published, position: cards.length })
      .returning({ id: newsCards.id });
    const order = moveCard([...cards.map((card) => card.id), row!.id], row!.id, input.position ?? cards.length);
    await storeOrder(tx, [...cards, { id: row!.id, position: cards.length }], order);
    const place = order.indexOf(row!.id) + 1;
    const after: NewsRecord = { title: input.title, text: input.text, link: input.link, published: input.published, place };
    await recordActivity(tx, actor, {
      kind: 'promotions',
      action: 'created',
      subject: `News card “${input.title}”`,
      summary: `New card in place ${place}, ${input.published ? 'published' : 'not published'}`,
      before: null,
      after,
    });
    await publish(tx);
    return row!.id;
  });
  await catalogChanged(db);
  return (await listNews(db)).find((card) => card.id === id)!;
}

/** Changes a card; undefined when there is no such card. */
export async function updateNews(db: Db, actor: ActivityActor, id: number, patch: NewsPatchInput): Promise<{ card: NewsCardView; changed: boolean } | undefined> {
  const outcome = await db.transaction(async (tx) => {
    await lockForTransaction(tx, 'promotions', 'home');
    const cards = await listNews(tx);
    const card = cards.find((candidate) => candidate.id === id);
    if (!card) return undefined;
    const order = patch.position === undefined ? cards.map((c) => c.id) : moveCard(cards.map((c) => c.id), id, patch.position);
    const next: NewsCardView = {
      ...card,
      title: patch.title ?? card.title,
      text: patch.text ?? card.text,
      link: patch.link ?? card.link,
      published: patch.published ?? card.published,
      position: order.indexOf(id),
    };
    const summary = newsChangeSummary(asRecord(card), asRecord(next));
    if (summary === '') return { changed: false };
    await tx.update(newsCards).set({ title: next.title, body: next.text, link: next.link, published: next.published, updatedAt: new Date() }).where(eq(newsCards.id, id));
    await storeOrder(tx, cards, order);
    await recordActivity(tx, actor, { kind: 'promotions', action: 'changed', subject: `News card “${next.title}”`, summary, before: asRecord(card), after: asRecord(next) });
    await publish(tx);
    return { changed: true };
  });
  if (!outcome) return undefined;
  if (outcome.changed) await catalogChanged(db);
  return { card: (await listNews(db)).find((candidate) => candidate.id === id)!, changed: outcome.changed };
}

/** Removes a card; false when there is no such card. */
export async function removeNews(db: Db, actor: ActivityActor, id: number): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    await lockForTransaction(tx, 'promotions', 'home');
    const cards = await listNews(tx);
    const card = cards.find((candidate) => candidate.id === id);
    if (!card) return false;
    await tx.delete(newsCards).where(eq(newsCards.id, id));
    const rest = cards.filter((candidate) => candidate.id !== id);
    await storeOrder(tx, rest, rest.map((candidate) => candidate.id));
    await recordActivity(tx, actor, {
      kind: 'promotions',
      action: 'removed',
      subject: `News card “${card.title}”`,
      summary: `Removed from place ${card.position + 1}`,
      before: asRecord(card),
      after: null,
    });
    await publish(tx);
    return true;
  });
  if (removed) await catalogChanged(db);
  return removed;
}
