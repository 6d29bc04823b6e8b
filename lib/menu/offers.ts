import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, max, sql } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { ApiError, invalidField } from '@/lib/api/errors';
import { nextStamp, refuseStaleCopy } from '@/lib/api/stale-copy';
import { isUniqueViolation } from '@/lib/auth/accounts';
import { catalogChanged } from '@/lib/catalog/live';
import { CATALOG_TAGS, publishCatalogChange } from '@/lib/catalog/publish';
import { packageOfferSchema } from '@/lib/catalog/schema';
import type { OfferData, OfferRow, ServiceRow } from '@/lib/catalog/snapshot-rows';
import { GENDER_SLUG, PACKAGE_TYPE } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { catalogOffers, catalogServices, customerPackages } from '@/lib/db/schema';
import { bundleMoniker, nextBundleSku, packageIdentity } from './identity';
import { formatCents } from './money';
import { madeTexts, restateOffer, termsOf, type OfferTerms } from './offer-state';
import type { OfferChange, OfferCreate } from './schemas';
import { offerChangeParts, type OfferFacts } from './summary';
import { memberOf, offerView, type OfferView } from './views';

/**
 * The owner's packages and bundles (issue 33, item 2): their sessions, discount and services; their price always
 * follows offerPrice from the services' prices (lib/catalog/offer-price.ts). Each change is one transaction with its
 * activity entry and published change, as services' are (lib/menu/services.ts).
 */

const notFoundOffer = () => new ApiError(404, 'not_found', 'There is no such package or bundle.');

async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict', 'The menu changed at the same moment. Please try again.');
    throw error;
  }
}

async function lockOffer(tx: Tx, id: string): Promise<OfferRow> {
  const [row] = await tx.select().from(catalogOffers).where(eq(catalogOffers.id, id)).for('update');
  if (!row) throw notFoundOffer();
  return row as OfferRow;
}

/** The services an offer is to hold, in the order given: each must be on the menu (not retired), and one gender. */
async function liveMembers(tx: Tx, ids: readonly string[], field: string): Promise<ServiceRow[]> {
  const rows = (await tx.select().from(catalogServices).where(inArray(catalogServices.id, [...ids]))) as ServiceRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const members = ids.map((id) => byId.get(id));
  const missing = members.findIndex((row) => row === undefined);
  if (missing >= 0) throw invalidField(field, 'Choose services of the menu.');
  const retired = members.find((row) => row!.retiredAt !== null);
  if (retired) throw invalidField(field, `${retired.name} is retired: choose a service on the menu.`);
  if (new Set(members.map((row) => row!.gender)).size > 1) throw invalidField(field, "A bundle's services are all women's or all men's.");
  return members as ServiceRow[];
}

function factsOf(view: OfferView): OfferFacts {
  return { name: view.name, desc: view.desc, sessions: view.sessions, discount: view.discount, fullPrice: view.fullPrice, price: view.price, serviceNames: view.services.map((s) => s.name) };
}

function checked(data: OfferData, first: ServiceRow): OfferData {
  // A programming error, not the owner's: the pages read this shape (with the service's fields laid over it).
  packageOfferSchema.parse({ ...data, svcSku: first.sku, svcGuid: first.id, svcType: first.svcType, svcName: first.name, svcDuration: first.duration, svcMoniker: first.moniker, svcPrice: first.price });
  return data;
}

/** A first-visit offer (one session) is a discount for new clients: it needs one. */
function refuseFreeFirstVisit(terms: OfferTerms): void {
  if (terms.kind === 'package' && terms.sessions === 1 && terms.discountPercent === null) throw invalidField('discount', 'A one-session package is a first-visit offer: choose its discount.');
}

/** Another live package of the same service already has that many sessions. */
async function refuseSameSessions(tx: Tx, serviceId: string, sessions: number, except: string | undefined, serviceName: string): Promise<OfferRow | undefined> {
  const rows = (await tx
    .select()
    .from(catalogOffers)
    .where(and(eq(catalogOffers.kind, 'package'), sql`${catalogOffers.serviceIds} = array[${serviceId}]::uuid[]`))) as OfferRow[];
  const same = rows.filter((row) => row.id !== except && row.data.pvQtyCombined === sessions);
  if (same.some((row) => row.retiredAt === null)) throw invalidField('sessions', `${serviceName} already has a ${sessions}-session package.`);
  return same.find((row) => row.retiredAt !== null);
}

async function nextPosition(tx: Tx): Promise<number> {
  const [end] = await tx.select({ position: max(catalogOffers.position) }).from(catalogOffers);
  return (end?.position ?? -1) + 1;
}

async function record(tx: Tx, actor: ActivityActor, action: string, view: OfferView, summary: string, before?: unknown, after?: unknown) {
  await recordActivity(tx, actor, { kind: 'menu', action, subject: `${view.name} (${view.kind})`, summary, before, after });
  await publishCatalogChange(tx, [CATALOG_TAGS.menu]);
}

/**
 * POST /api/desk/catalog/offers/. A package takes its service's SKU and moniker with the sessions ('WWHR017X3');
 * one retired earlier with the same sessions comes back (the same product, its buyers' sessions kept). A bundle
 * gets the next BNDL number and a moniker from its name.
 */
export async function createOffer(db: Db, actor: ActivityActor, input: OfferCreate): Promise<OfferView> {
  const created = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('menu:create-offer'))`);
    const ids = input.kind === 'package' ? [input.serviceId] : input.serviceIds;
    const members = await liveMembers(tx, ids, input.kind === 'package' ? 'serviceId' : 'serviceIds');
    const first = members[0]!;
    const terms: OfferTerms = { kind: input.kind, sessions: input.kind === 'package' ? input.sessions : 1, discountPercent: input.discount, fullPrice: input.fullPrice, members: members.map(memberOf) };
    refuseFreeFirstVisit(terms);
    const taken = await tx.select({ sku: catalogOffers.sku, moniker: catalogOffers.moniker }).from(catalogOffers);
    let id: string = randomUUID();
    let sku: string;
    let moniker: string;
    let restored: OfferRow | undefined;
    if (input.kind === 'package') {
      restored = await refuseSameSessions(tx, first.id, input.sessions, undefined, first.name);
      ({ sku, moniker } = restored ? { sku: restored.sku, moniker: restored.moniker } : packageIdentity({ value: first.sku, moniker: first.moniker }, input.sessions));
      if (restored) id = restored.id;
      else if (taken.some((row) => row.sku === sku)) throw invalidField('sessions', `${first.name} already has a ${input.sessions}-session package.`);
    } else {
      const next = nextBundleSku(taken.map((row) => row.sku));
      if (!next) throw invalidField('serviceIds', 'Every bundle code up to BNDL999 is used.');
      sku = next;
      moniker = bundleMoniker(input.name, new Set(taken.map((row) => row.moniker)));
    }
    const empty: OfferData = {
      pvId: id,
      pvTitle: input.name ?? '',
      pvDescription: input.desc ?? '',
      pvSku: sku,
      pvType: input.kind === 'bundle' ? PACKAGE_TYPE.BUNDLE : PACKAGE_TYPE.MULTI_SESSION,
      pvQtyCombined: terms.sessions,
      pvPrice: 0,
      pvMetaTitle: '',
      pvMetaKeyWord: '',
      pvMetaDescription: input.desc ?? '',
      moniker,
      discId: null,
      discAmount: 0,
      discPrcentage: null,
      discUTitle: null,
      discTitle: null,
      spfId: restored?.data.spfId ?? 0,
      isSpecial: 0,
      sm: null,
      mid: null,
      lg: `/images/products/${input.kind === 'bundle' ? 'bundles' : 'packages'}/${GENDER_SLUG[first.gender as 0 | 1]}/${moniker}.jpg`,
    };
    // Every word not given is made from the numbers, as the seed makes them.
    const made = madeTexts(terms, input.name ?? '');
    const data = checked(
      restateOffer({ ...empty, ...made, pvMetaDescription: made.pvMetaDescription ?? empty.pvMetaDescription }, terms, terms, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.desc !== undefined ? { desc: input.desc } : {}),
      }),
      first,
    );
    const values = { kind: input.kind, sku, moniker, price: data.pvPrice, serviceIds: members.map((row) => row.id), data, retiredAt: null, updatedAt: new Date() };
    if (restored) await tx.update(catalogOffers).set(values).where(eq(catalogOffers.id, id));
    else await tx.insert(catalogOffers).values({ id, ...values, position: await nextPosition(tx) });
    const view = offerView({ ...(restored ?? { photoId: null, position: 0 }), id, ...values } as OfferRow, new Map(members.map((row) => [row.id, row])));
    await record(tx, actor, restored ? 'restored' : 'created', view, `${restored ? 'Brought back' : 'Added'}: ${offerSummary(view)}`, undefined, factsOf(view));
    return view;
  });
  await catalogChanged(db);
  return created;
}

function offerSummary(view: OfferView): string {
  const what = view.kind === 'package' ? `${view.sessions} session${view.sessions === 1 ? '' : 's'} of ${view.services[0]?.name}` : view.services.map((s) => s.name).join(', ');
  return `${what}, ${view.discount === null ? 'no discount' : `${view.discount}% off`}${view.fullPrice ? ' (sold at the full price)' : ''}, ${formatCents(view.price)}`;
}

export interface OfferChangeResult {
  offer: OfferView;
  changed: boolean;
}

/** PATCH /api/desk/catalog/offers/{id}/. */
export async function changeOffer(db: Db, actor: ActivityActor, id: string, change: OfferChange): Promise<OfferChangeResult> {
  const result = await inTransaction(db, async (tx): Promise<OfferChangeResult> => {
    const row = await lockOffer(tx, id);
    if (row.retiredAt) throw new ApiError(409, 'retired', `${row.data.pvTitle} is retired: it can no longer be changed.`);
    refuseStaleCopy(row.updatedAt!, change.updatedAt, row.data.pvTitle);
    if (row.kind === 'bundle' && change.sessions !== undefined) throw invalidField('sessions', 'A bundle is sold as one visit: it has no sessions to change.');
    if (row.kind === 'package' && change.serviceIds !== undefined) throw invalidField('serviceIds', 'A package is of one service: make a bundle to sell several.');
    const currentMembers = (await tx.select().from(catalogServices).where(inArray(catalogServices.id, row.serviceIds))) as ServiceRow[];
    const byId = new Map(currentMembers.map((member) => [member.id, member]));
    const beforeMembers = row.serviceIds.flatMap((memberId) => (byId.has(memberId) ? [byId.get(memberId)!] : []));
    const afterMembers = change.serviceIds ? await liveMembers(tx, change.serviceIds, 'serviceIds') : beforeMembers;
    const before = termsOf(row.kind, row.data, beforeMembers.map(memberOf));
    const after: OfferTerms = {
      kind: row.kind,
      sessions: change.sessions ?? before.sessions,
      discountPercent: change.discount !== undefined ? change.discount : before.discountPercent,
      fullPrice: change.fullPrice ?? before.fullPrice,
      members: afterMembers.map(memberOf),
    };
    refuseFreeFirstVisit(after);
    if (row.kind === 'package' && after.sessions !== before.sessions) await refuseSameSessions(tx, row.serviceIds[0]!, after.sessions, id, beforeMembers[0]?.name ?? 'This service');
    const data = checked(
      restateOffer(row.data, before, after, { ...(change.name !== undefined ? { name: change.name } : {}), ...(change.desc !== undefined ? { desc: change.desc } : {}) }),
      afterMembers[0]!,
    );
    const allById = new Map([...currentMembers, ...afterMembers].map((member) => [member.id, member]));
    const beforeView = offerView(row, allById);
    const next: OfferRow = { ...row, price: data.pvPrice, serviceIds: afterMembers.map((member) => member.id), data, updatedAt: nextStamp(row.updatedAt) };
    const afterView = offerView(next, allById);
    const parts = offerChangeParts(factsOf(beforeView), factsOf(afterView));
    if (parts.length === 0 && JSON.stringify(data) === JSON.stringify(row.data)) return { offer: beforeView, changed: false };
    await tx.update(catalogOffers).set({ price: next.price, serviceIds: next.serviceIds, data, updatedAt: next.updatedAt }).where(eq(catalogOffers.id, id));
    await record(tx, actor, 'changed', afterView, parts.join('; ') || 'Words changed', factsOf(beforeView), factsOf(afterView));
    return { offer: afterView, changed: true };
  });
  if (result.changed) await catalogChanged(db);
  return result;
}

/** Customers holding unused sessions of an offer they bought: they keep them after it is retired. */
export async function heldSessionsOf(db: Pick<Db, 'select'>, id: string): Promise<{ customers: number; sessions: number }> {
  const [held] = await db
    .select({ customers: sql<number>`count(distinct ${customerPackages.customerId})::int`, sessions: sql<number>`coalesce(sum(${customerPackages.sessionsTotal} - ${customerPackages.sessionsUsed}), 0)::int` })
    .from(customerPackages)
    .where(and(eq(customerPackages.pvId, id), lt(customerPackages.sessionsUsed, customerPackages.sessionsTotal)));
  return { customers: held?.customers ?? 0, sessions: held?.sessions ?? 0 };
}

/**
 * DELETE /api/desk/catalog/offers/{id}/: the offer leaves the specials, its services' pages and the shop's list; its
 * row stays (its SKU and moniker are kept for it), and customers who bought it keep and book their sessions.
 */
export async function retireOffer(db: Db, actor: ActivityActor, id: string): Promise<OfferView> {
  const result = await inTransaction(db, async (tx) => {
    const row = await lockOffer(tx, id);
    if (row.retiredAt) throw new ApiError(409, 'already_retired', `${row.data.pvTitle} is already retired.`);
    const now = new Date();
    await tx.update(catalogOffers).set({ retiredAt: now, updatedAt: now }).where(eq(catalogOffers.id, id));
    const members = (await tx.select().from(catalogServices).where(inArray(catalogServices.id, row.serviceIds))) as ServiceRow[];
    const view = offerView({ ...row, retiredAt: now }, new Map(members.map((member) => [member.id, member])));
    const held = await heldSessionsOf(tx, id);
    const kept = held.customers > 0 ? `; ${held.customers} customer${held.customers === 1 ? '' : 's'} keep ${held.sessions} unused session${held.sessions === 1 ? '' : 's'}` : '';
    await record(tx, actor, 'retired', view, `Retired: off the specials and the shop${kept}`, { retired: false }, { retired: true, retiredAt: now.toISOString(), heldSessions: held });
    return view;
  });
  await catalogChanged(db);
  return result;
}
