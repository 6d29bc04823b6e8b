import 'server-only';
import { ApiError, json, parseJsonBody, parseParams } from '@/lib/api';
import type { ActivityActor } from '@/lib/activity/log';
import { requireOwner, type Session } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { newYorkDate, type HomeBanner } from './banner-window';
import { bannerSchema, bannerStatus, newsCreateSchema, newsIdSchema, newsPatchSchema } from './promotion-rules';
import { createNews, listNews, readBanner, removeNews, saveBanner, updateNews } from './promotions';

/**
 * The owner's promotions API behind app/api/desk/promotions/ and app/api/desk/news/: each handler checks the owner's
 * role first (401 for a visitor, 403 for a customer or the front desk), before it reads anything; bad input is a 4xx
 * naming the field, and changes nothing. The page's forms call these same handlers (components/desk/promotion-actions.ts).
 */

const actorOf = (session: Session): ActivityActor => ({ userId: session.user.id, name: session.user.name });

function bannerAnswer(banner: HomeBanner | null, now: number) {
  const today = newYorkDate(now);
  return { today, banner: banner ? { ...banner, status: bannerStatus(banner, today) } : null };
}

/** GET /api/desk/promotions/: the home page's banner and where it stands today (showing, scheduled or ended). */
export async function getBannerHandler(request: Request): Promise<Response> {
  await requireOwner(request);
  return json(bannerAnswer(await readBanner(await getDb()), Date.now()));
}

/** PUT /api/desk/promotions/: replaces the banner. */
export async function putBannerHandler(request: Request): Promise<Response> {
  const session = await requireOwner(request);
  const input = await parseJsonBody(request, bannerSchema);
  const { banner, changed } = await saveBanner(await getDb(), actorOf(session), input);
  return json({ ...bannerAnswer(banner, Date.now()), changed });
}

/** GET /api/desk/news/: every card, published or not, in the home page's order. */
export async function listNewsHandler(request: Request): Promise<Response> {
  await requireOwner(request);
  return json({ cards: await listNews(await getDb()) });
}

/** POST /api/desk/news/: a new card (last, or at `position`). */
export async function createNewsHandler(request: Request): Promise<Response> {
  const session = await requireOwner(request);
  const input = await parseJsonBody(request, newsCreateSchema);
  const card = await createNews(await getDb(), actorOf(session), input);
  return json({ card }, { status: 201 });
}

const noSuchCard = (id: number) => new ApiError(404, 'not_found', `There is no news card ${id}.`);

/** PATCH /api/desk/news/{id}/: changes a card's title, text, link, whether it is published, or its place. */
export async function patchNewsHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const { id } = parseParams(params, newsIdSchema);
  const patch = await parseJsonBody(request, newsPatchSchema);
  const outcome = await updateNews(await getDb(), actorOf(session), id, patch);
  if (!outcome) throw noSuchCard(id);
  return json(outcome);
}

/** DELETE /api/desk/news/{id}/: removes a card (204). */
export async function deleteNewsHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const { id } = parseParams(params, newsIdSchema);
  if (!(await removeNews(await getDb(), actorOf(session), id))) throw noSuchCard(id);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
