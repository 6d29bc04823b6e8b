import 'server-only';
import { json, notFound, parseJsonBody, parseParams, parseQuery } from '@/lib/api';
import { requireOwner, type Session } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { changeOffer, createOffer, heldSessionsOf, retireOffer } from './offers';
import { idParamsSchema, offerChangeSchema, offerCreateSchema, offerQuerySchema, serviceChangeSchema, serviceCreateSchema, serviceQuerySchema } from './schemas';
import { bookingWarning, changeService, createService, readMenuRows, retireService, retirementImpact } from './services';
import { findOffers, findServices } from './views';

/**
 * The menu editor's API (issue 33): owner only. Each handler asks for the owner's session first (401 for a visitor,
 * 403 for a customer or the front desk) before it reads its parameters or body, so nobody else learns even whether
 * an id exists. Bad input is a 4xx with a sentence for the field (lib/menu/schemas.ts) and changes nothing.
 */

const actorOf = (session: Session) => ({ userId: session.user.id, name: session.user.name });
const noStore = { headers: { 'cache-control': 'no-store' } };

/** GET /api/desk/catalog/services/?q=&gender=women|men&tab=wax&status=live|retired|all */
export async function listServicesHandler(request: Request): Promise<Response> {
  await requireOwner(request);
  const query = parseQuery(request, serviceQuerySchema);
  return json({ services: findServices(await readMenuRows(await getDb()), query) }, noStore);
}

/** POST /api/desk/catalog/services/: 201 with the new service, and a warning when customers cannot book it online. */
export async function createServiceHandler(request: Request): Promise<Response> {
  const session = await requireOwner(request);
  const input = await parseJsonBody(request, serviceCreateSchema);
  const service = await createService(await getDb(), actorOf(session), input);
  const warning = bookingWarning(service.id, service.name);
  return json(warning ? { service, warning } : { service }, { status: 201 });
}

/** GET /api/desk/catalog/services/{id}/: the service, its packages and bundles, and what retiring it would do. */
export async function readServiceHandler(request: Request, params: unknown): Promise<Response> {
  await requireOwner(request);
  const { id } = parseParams(params, idParamsSchema);
  const db = await getDb();
  const rows = await readMenuRows(db);
  const [service] = findServices(rows, { status: 'all' }).filter((view) => view.id === id);
  if (!service) throw notFound('There is no such service on the menu.');
  const offers = findOffers(rows, { status: 'all', serviceId: id });
  return json({ service, offers, retirement: service.retired ? null : await retirementImpact(db, id) }, noStore);
}

/** PATCH /api/desk/catalog/services/{id}/: name, desc, price, duration, bookableAt. */
export async function changeServiceHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const { id } = parseParams(params, idParamsSchema);
  const change = await parseJsonBody(request, serviceChangeSchema);
  return json(await changeService(await getDb(), actorOf(session), id, change));
}

/** DELETE /api/desk/catalog/services/{id}/: retires it (409 while a bundle holds it). */
export async function retireServiceHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const { id } = parseParams(params, idParamsSchema);
  return json(await retireService(await getDb(), actorOf(session), id));
}

/** GET /api/desk/catalog/offers/?kind=package|bundle&serviceId=&q=&gender=&tab=&status= */
export async function listOffersHandler(request: Request): Promise<Response> {
  await requireOwner(request);
  const query = parseQuery(request, offerQuerySchema);
  return json({ offers: findOffers(await readMenuRows(await getDb()), query) }, noStore);
}

/** POST /api/desk/catalog/offers/: 201 with the new package or bundle. */
export async function createOfferHandler(request: Request): Promise<Response> {
  const session = await requireOwner(request);
  const input = await parseJsonBody(request, offerCreateSchema);
  return json({ offer: await createOffer(await getDb(), actorOf(session), input) }, { status: 201 });
}

/** GET /api/desk/catalog/offers/{id}/: the offer and the sessions its buyers still hold. */
export async function readOfferHandler(request: Request, params: unknown): Promise<Response> {
  await requireOwner(request);
  const { id } = parseParams(params, idParamsSchema);
  const db = await getDb();
  const [offer] = findOffers(await readMenuRows(db), { status: 'all' }).filter((view) => view.id === id);
  if (!offer) throw notFound('There is no such package or bundle.');
  return json({ offer, heldSessions: await heldSessionsOf(db, id) }, noStore);
}

/** PATCH /api/desk/catalog/offers/{id}/: name, desc, sessions (package), discount, fullPrice, serviceIds (bundle). */
export async function changeOfferHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const { id } = parseParams(params, idParamsSchema);
  const change = await parseJsonBody(request, offerChangeSchema);
  return json(await changeOffer(await getDb(), actorOf(session), id, change));
}

/** DELETE /api/desk/catalog/offers/{id}/: retires it; its buyers keep their sessions. */
export async function retireOfferHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const { id } = parseParams(params, idParamsSchema);
  return json({ offer: await retireOffer(await getDb(), actorOf(session), id) });
}
