import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { ApiError, invalidField } from '@/lib/api/errors';
import { nextStamp, refuseStaleCopy } from '@/lib/api/stale-copy';
import { isUniqueViolation } from '@/lib/auth/accounts';
import { sectionFor } from '@/lib/catalog/data';
import { bookableWithNobodyAt, isBookableAnywhere } from '@/lib/catalog/catalog';
import { catalogChanged } from '@/lib/catalog/live';
import { listOfNames } from '@/lib/booking/messages';
import { CATALOG_TAGS, publishCatalogChange } from '@/lib/catalog/publish';
import { serviceItemSchema } from '@/lib/catalog/schema';
import type { OfferRow, ServiceRow } from '@/lib/catalog/snapshot-rows';
import { seedBookableAt } from '@/lib/catalog/snapshot';
import { AREA_BY_FLAG, GENDER_SLUG, LOCATIONS, SERVICE_TYPE_LABELS, TABS, tabIdForFlag, type Gender, type LocationSlug, type ServiceTypeFlag } from '@/lib/catalog/tables';
import type { Db, Tx } from '@/lib/db';
import { appointments, catalogOffers, catalogServices, customerPackages } from '@/lib/db/schema';
import { formatDuration } from '@/lib/catalog/format';
import { formatCents } from './money';
import { nextServiceArea, nextServiceSku, serviceMoniker } from './identity';
import { restateOffer, termsOf, type Member } from './offer-state';
import type { ServiceChange, ServiceCreate } from './schemas';
import { placeNames, repricedTail, serviceChangeParts, type ServiceFacts } from './summary';
import { memberOf, offerView, serviceView, type MenuRows, type OfferView, type ServiceView, type StoredService } from './views';

/**
 * The owner's changes to services (issue 33, item 2). Each is one transaction: the rows (the columns and the
 * ServiceItem in `data` together, and the packages and bundles whose price or words follow from the service), the
 * activity entry and the published change; then this instance reloads its catalogue (catalogChanged) and every
 * other instance learns of it from the database. A change applies to new bookings: a booked visit keeps the lines and
 * price it was booked with (appointments.lines).
 */

type Reader = Pick<Db, 'select'>;

export async function readMenuRows(db: Reader): Promise<MenuRows> {
  const [services, offers] = await Promise.all([db.select().from(catalogServices).orderBy(asc(catalogServices.position)), db.select().from(catalogOffers).orderBy(asc(catalogOffers.position))]);
  return { services: services as ServiceRow[], offers: offers as OfferRow[] };
}

const locationIds = (slugs: readonly LocationSlug[]) => slugs.map((slug) => LOCATIONS.find((location) => location.slug === slug)!.id as number);

/** "Brazilian (women's wax)": how the log names a service. */
export function serviceSubject(row: Pick<ServiceRow, 'name' | 'gender' | 'svcType'>): string {
  return `${row.name} (${row.gender === 0 ? "women's" : "men's"} ${SERVICE_TYPE_LABELS[row.svcType as ServiceTypeFlag].toLowerCase()})`;
}

function factsOf(row: ServiceRow): ServiceFacts {
  return { name: row.name, desc: row.data.desc, price: row.price, duration: row.duration, bookableAt: serviceView(row).bookableAt, deposit: row.deposit ?? null };
}

const notFoundService = () => new ApiError(404, 'not_found', 'There is no such service on the menu.');
const retiredService = (name: string) => new ApiError(409, 'retired', `${name} is retired: it can no longer be changed.`);

async function lockService(tx: Tx, id: string): Promise<ServiceRow> {
  const [row] = await tx.select().from(catalogServices).where(eq(catalogServices.id, id)).for('update');
  if (!row) throw notFoundService();
  return row as ServiceRow;
}

/** A live service of the same gender and type already has the name (any case). */
async function refuseTakenName(tx: Tx, name: string, svcType: number, gender: number, except?: string): Promise<void> {
  const same = await tx
    .select({ id: catalogServices.id })
    .from(catalogServices)
    .where(and(eq(catalogServices.svcType, svcType), eq(catalogServices.gender, gender), isNull(catalogServices.retiredAt), sql`lower(${catalogServices.name}) = lower(${name})`));
  if (same.some((row) => row.id !== except)) {
    throw invalidField('name', `The ${gender === 0 ? "women's" : "men's"} ${SERVICE_TYPE_LABELS[svcType as ServiceTypeFlag].toLowerCase()} menu already has a service named ${name}.`);
  }
}

/** Two owners adding at the same moment can race for a moniker or SKU: the unique constraints refuse the second. */
async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'conflict', 'The menu changed at the same moment. Please try again.');
    throw error;
  }
}

function checkedData(data: StoredService): StoredService {
  // A programming error, not the owner's: the pages read this shape.
  serviceItemSchema.parse({ ...data, spkg: [] });
  return data;
}

/**
 * What the owner's save says when customers cannot book the service online after all (read from the catalogue once
 * this instance has the change): no location ticked, or ticked where no therapist does it. Undefined when they can.
 */
export function bookingWarning(serviceId: string, name: string): string | undefined {
  if (!isBookableAnywhere(serviceId)) return `No location is ticked: customers cannot find or book ${name} online (the desk still can where a therapist does it).`;
  const nobody = bookableWithNobodyAt(serviceId);
  if (nobody.length === 0) return undefined;
  const places = listOfNames(nobody.map((id) => LOCATIONS.find((location) => location.id === id)!.name));
  return `No therapist at ${places} does ${name} yet: customers cannot book it there until one does.`;
}

/** POST /api/desk/catalog/services/: a new service at the end of its type's list in its tab. */
export async function createService(db: Db, actor: ActivityActor, input: ServiceCreate): Promise<ServiceView> {
  const flag = input.svcType as ServiceTypeFlag;
  const gen = input.gender as Gender;
  const created = await inTransaction(db, async (tx) => {
    // One owner's addition at a time: the next SKU and position are read and taken under this lock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('menu:create-service'))`);
    await refuseTakenName(tx, input.name, flag, gen);
    const all = await tx.select({ sku: catalogServices.sku, moniker: catalogServices.moniker, svcType: catalogServices.svcType, gender: catalogServices.gender, data: catalogServices.data }).from(catalogServices);
    const sku = nextServiceSku(flag, gen, all.map((row) => row.sku));
    if (!sku) throw invalidField('svcType', 'This service type has used all its 999 codes: please ask for a new type.');
    const moniker = serviceMoniker(input.name, flag, gen, new Set(all.map((row) => row.moniker)));
    const section = sectionFor(flag, gen);
    const sa = nextServiceArea(all.filter((row) => row.svcType === flag && row.gender === gen).map((row) => (row.data as StoredService).sa));
    const data = checkedData({
      value: sku,
      name: input.name,
      duration: input.duration,
      id: randomUUID(),
      bp: input.bp ?? section?.defaultBp ?? 51,
      sa,
      moniker,
      title: section ? section.title(input.name) : `${input.name} in NYC`,
      desc: input.desc,
      svcType: flag,
      price: input.price,
      tprice: null,
      gen,
      wt: section?.wt ?? null,
      sm: null,
      mid: null,
      lg: `/images/services/${TABS[tabIdForFlag(flag)]!.name}/${GENDER_SLUG[gen]}/${moniker}.jpg`,
      areaId: AREA_BY_FLAG[flag],
    });
    const [last] = await tx
      .select({ position: max(catalogServices.position) })
      .from(catalogServices)
      .where(and(eq(catalogServices.svcType, flag), eq(catalogServices.gender, gen)));
    const [end] = await tx.select({ position: max(catalogServices.position) }).from(catalogServices);
    const position = (last?.position ?? end?.position ?? -1) + 1;
    await tx.update(catalogServices).set({ position: sql`${catalogServices.position} + 1` }).where(gt(catalogServices.position, position - 1));
    const bookableAt = input.bookableAt ? locationIds(input.bookableAt) : seedBookableAt(flag);
    const [row] = await tx
      .insert(catalogServices)
      .values({ id: data.id, sku, moniker, name: data.name, svcType: flag, areaId: data.areaId, gender: gen, duration: data.duration, price: data.price, data, bookableAt, position })
      .returning();
    // Who does it, until the owner says otherwise on /desk/team/: whoever does a service of its type at a location.
    await tx.execute(sql`insert into therapist_services (therapist_id, location, service_id)
      select distinct ts.therapist_id, ts.location, ${data.id}::uuid from therapist_services ts
      join catalog_services cs on cs.id = ts.service_id where cs.svc_type = ${flag}
      on conflict do nothing`);
    // Their work changed: a therapist's form opened before this would drop the new service on saving.
    await tx.execute(sql`update therapists set updated_at = now() where id in (select therapist_id from therapist_services where service_id = ${data.id}::uuid)`);
    const view = serviceView(row as ServiceRow);
    await recordActivity(tx, actor, {
      kind: 'menu',
      action: 'created',
      subject: serviceSubject(row as ServiceRow),
      summary: `Added: ${formatCents(view.price)}, ${formatDuration(view.duration)}, online at ${placeNames(view.bookableAt)}`,
      after: { id: view.id, sku, moniker, name: view.name, desc: view.desc, price: view.price, duration: view.duration, bookableAt: view.bookableAt },
    });
    await publishCatalogChange(tx, [CATALOG_TAGS.menu, CATALOG_TAGS.team]);
    return view;
  });
  await catalogChanged(db);
  return created;
}

export interface ServiceChangeResult {
  service: ServiceView;
  /** False when the change named only what the service already had: nothing was written. */
  changed: boolean;
  /** The packages and bundles whose price or words followed. */
  offers: OfferView[];
  /** Said when customers cannot book it online after the change (bookingWarning). */
  warning?: string;
}

/** PATCH /api/desk/catalog/services/{id}/. */
export async function changeService(db: Db, actor: ActivityActor, id: string, change: ServiceChange): Promise<ServiceChangeResult> {
  const result = await inTransaction(db, async (tx): Promise<ServiceChangeResult> => {
    const before = await lockService(tx, id);
    if (before.retiredAt) throw retiredService(before.name);
    refuseStaleCopy(before.updatedAt!, change.updatedAt, before.name);
    if (change.name !== undefined && change.name.toLowerCase() !== before.name.toLowerCase()) await refuseTakenName(tx, change.name, before.svcType, before.gender, id);
    const name = change.name ?? before.name;
    const section = sectionFor(before.svcType, before.gender);
    // The title follows the name while it is the one the section makes from it.
    const title = section && before.data.title === section.title(before.name) ? section.title(name) : before.data.title;
    const data = checkedData({
      ...before.data,
      name,
      title,
      desc: change.desc !== undefined ? change.desc : before.data.desc,
      price: change.price ?? before.price,
      duration: change.duration ?? before.duration,
    });
    const bookableAt = change.bookableAt ? locationIds(change.bookableAt) : [...before.bookableAt].sort((a, b) => a - b);
    const deposit = change.deposit !== undefined ? change.deposit : (before.deposit ?? null);
    const after: ServiceRow = { ...before, name, price: data.price, duration: data.duration, data, bookableAt, deposit, updatedAt: nextStamp(before.updatedAt) };
    const parts = serviceChangeParts(factsOf(before), factsOf(after));
    if (parts.length === 0 && data.title === before.data.title) return { service: serviceView(before), changed: false, offers: [] };

    const offers = await followingOffers(tx, before, after);
    await tx.update(catalogServices).set({ name, price: data.price, duration: data.duration, data, bookableAt, deposit, updatedAt: after.updatedAt }).where(eq(catalogServices.id, id));
    const packages = offers.filter((o) => o.after.kind === 'package' && o.after.price !== o.before.price).length;
    const bundles = offers.filter((o) => o.after.kind === 'bundle' && o.after.price !== o.before.price).length;
    const tail = repricedTail(packages, bundles);
    await recordActivity(tx, actor, {
      kind: 'menu',
      action: 'changed',
      subject: serviceSubject(after),
      summary: [...parts, ...(tail ? [tail] : [])].join('; '),
      before: { ...pick(factsOf(before), factsOf(after)), offers: offers.map((o) => ({ id: o.before.id, name: o.before.name, price: o.before.price })) },
      after: { ...pick(factsOf(after), factsOf(before)), offers: offers.map((o) => ({ id: o.after.id, name: o.after.name, price: o.after.price })) },
    });
    await publishCatalogChange(tx, [CATALOG_TAGS.menu]);
    return { service: serviceView(after), changed: true, offers: offers.map((o) => o.after) };
  });
  if (!result.changed) return result;
  await catalogChanged(db);
  const warning = bookingWarning(result.service.id, result.service.name);
  return warning ? { ...result, warning } : result;
}

/** The fields of `a` that differ from `b` (the log keeps only what changed). */
function pick(a: ServiceFacts, b: ServiceFacts): Partial<ServiceFacts> {
  return Object.fromEntries(Object.entries(a).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(b[key as keyof ServiceFacts])));
}

/**
 * The live packages and bundles holding the service, restated for its new price and name and written when anything
 * of theirs changed. An offer's service fields (svcName, svcPrice, ...) are read from the service at load time, so
 * only the offer's own price and made words need writing.
 */
async function followingOffers(tx: Tx, before: ServiceRow, after: ServiceRow): Promise<{ before: OfferView; after: OfferView }[]> {
  if (before.price === after.price && before.name === after.name) return [];
  const rows = (await tx
    .select()
    .from(catalogOffers)
    .where(and(sql`${catalogOffers.serviceIds} @> array[${before.id}]::uuid[]`, isNull(catalogOffers.retiredAt)))
    .orderBy(asc(catalogOffers.position))
    .for('update')) as OfferRow[];
  if (rows.length === 0) return [];
  const memberIds = [...new Set(rows.flatMap((row) => row.serviceIds))];
  const members = (await tx.select().from(catalogServices).where(inArray(catalogServices.id, memberIds))) as ServiceRow[];
  const beforeById = new Map(members.map((row) => [row.id, row]));
  const afterById = new Map(beforeById).set(after.id, after);
  const membersOf = (row: OfferRow, byId: Map<string, ServiceRow>): Member[] => row.serviceIds.flatMap((id) => (byId.has(id) ? [memberOf(byId.get(id)!)] : []));
  const changed: { before: OfferView; after: OfferView }[] = [];
  for (const row of rows) {
    const data = restateOffer(row.data, termsOf(row.kind, row.data, membersOf(row, beforeById)), termsOf(row.kind, row.data, membersOf(row, afterById)));
    if (data.pvPrice === row.price && JSON.stringify(data) === JSON.stringify(row.data)) continue;
    await tx.update(catalogOffers).set({ price: data.pvPrice, data, updatedAt: nextStamp(row.updatedAt) }).where(eq(catalogOffers.id, row.id));
    changed.push({ before: offerView(row, beforeById), after: offerView({ ...row, price: data.pvPrice, data }, afterById) });
  }
  return changed;
}

export interface RetirementImpact {
  /** Booked visits still to come that hold the service: they keep it. */
  upcomingVisits: number;
  /** Customers holding unused sessions of it (packages or bundles they bought), and how many sessions. */
  heldSessions: { customers: number; sessions: number };
  /** Its live packages, retired with it. */
  packages: OfferView[];
  /** The live bundles that hold it: it cannot be retired while they do. */
  bundles: OfferView[];
}

/** What retiring a service would do, for the confirmation that says so and for the refusal. */
export async function retirementImpact(db: Reader, id: string, now = new Date()): Promise<RetirementImpact> {
  const [visits] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.status, 'booked'), gt(appointments.startsAt, now), sql`${appointments.lines} @> ${JSON.stringify([{ id }])}::jsonb`));
  const [held] = await db
    .select({ customers: sql<number>`count(distinct ${customerPackages.customerId})::int`, sessions: sql<number>`coalesce(sum(${customerPackages.sessionsTotal} - ${customerPackages.sessionsUsed}), 0)::int` })
    .from(customerPackages)
    .where(and(eq(customerPackages.serviceId, id), lt(customerPackages.sessionsUsed, customerPackages.sessionsTotal)));
  const rows = await readMenuRows(db);
  const servicesById = new Map(rows.services.map((row) => [row.id, row]));
  const live = rows.offers.filter((row) => row.retiredAt === null && row.serviceIds.includes(id)).map((row) => offerView(row, servicesById));
  return {
    upcomingVisits: visits?.count ?? 0,
    heldSessions: { customers: held?.customers ?? 0, sessions: held?.sessions ?? 0 },
    packages: live.filter((offer) => offer.kind === 'package'),
    bundles: live.filter((offer) => offer.kind === 'bundle'),
  };
}

export interface RetireResult {
  service: ServiceView;
  /** The packages retired with it. */
  packages: OfferView[];
}

/**
 * DELETE /api/desk/catalog/services/{id}/: the service leaves the menus, search, sitemap and online booking; its row
 * stays, so booked visits keep it and its moniker and SKU are never given to another. Its packages go with it; a
 * bundle holding it must lose it first (409 naming the bundles), so that no bundle is sold with a service it lacks.
 */
export async function retireService(db: Db, actor: ActivityActor, id: string): Promise<RetireResult> {
  const result = await inTransaction(db, async (tx): Promise<RetireResult> => {
    const row = await lockService(tx, id);
    if (row.retiredAt) throw new ApiError(409, 'already_retired', `${row.name} is already retired.`);
    const impact = await retirementImpact(tx, id);
    if (impact.bundles.length > 0) {
      const names = impact.bundles.map((bundle) => bundle.name).join(', ');
      throw new ApiError(409, 'in_bundles', `${row.name} is in ${impact.bundles.length === 1 ? 'the bundle' : `${impact.bundles.length} bundles`} ${names}: take it out of ${impact.bundles.length === 1 ? 'it' : 'them'}, or retire ${impact.bundles.length === 1 ? 'it' : 'them'}, first.`);
    }
    const now = new Date();
    await tx.update(catalogServices).set({ retiredAt: now, updatedAt: now }).where(eq(catalogServices.id, id));
    if (impact.packages.length > 0) {
      await tx.update(catalogOffers).set({ retiredAt: now, updatedAt: now }).where(inArray(catalogOffers.id, impact.packages.map((offer) => offer.id)));
    }
    const packages = impact.packages.map((offer) => ({ ...offer, retired: true }));
    const parts = [
      'Retired: off the menus, search and online booking',
      impact.upcomingVisits > 0 ? `${impact.upcomingVisits} booked visit${impact.upcomingVisits === 1 ? '' : 's'} keep it` : '',
      packages.length > 0 ? `its packages retired: ${packages.map((offer) => offer.name).join(', ')}` : '',
    ].filter(Boolean);
    await recordActivity(tx, actor, {
      kind: 'menu',
      action: 'retired',
      subject: serviceSubject(row),
      summary: parts.join('; '),
      before: { retired: false, packages: packages.map((offer) => offer.id) },
      after: { retired: true, retiredAt: now.toISOString(), upcomingVisits: impact.upcomingVisits, heldSessions: impact.heldSessions },
    });
    await publishCatalogChange(tx, [CATALOG_TAGS.menu]);
    return { service: serviceView({ ...row, retiredAt: now }), packages };
  });
  await catalogChanged(db);
  return result;
}
