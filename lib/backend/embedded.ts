import 'server-only';
import { getSession } from '@/lib/auth';
import { emailChangeOfLink } from '@/lib/auth/account-details';
import { isResetTokenUsable } from '@/lib/auth/accounts';
import { currentUser } from '@/lib/auth/current-user';
import { signUpLinkState } from '@/lib/auth/signup';
import { visitsTheSalonAskedToMove } from '@/lib/booking/appointment-events';
import { listBookings, readBooking } from '@/lib/booking/appointments/read';
import { ownedPackages } from '@/lib/booking/packages';
import { customerSummary } from '@/lib/booking/booking-customer';
import { bookingIdOf } from '@/lib/booking/signed-in-customer';
import { getDatabase, getDb } from '@/lib/db';
import { readPendingDeposit } from '@/lib/deposits/booking';
import { depositOfBooking } from '@/lib/deposits/page';
import { giftCardAmounts } from '@/lib/gift-cards/settings';
import { startCheckout } from '@/lib/shopify/checkout';
import { mailDemoGiftCards } from '@/lib/shopify/demo/gift-card-mail';
import { recordPaidOrder } from '@/lib/shopify/orders';
import { invitationState } from '@/lib/team/staff';
import type { Backend } from './types';

/**
 * The embedded backend (the default): this process owns the database (PGlite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL), keeps the sessions, runs the API's handlers and sends the mail.
 */
export const embeddedBackend: Backend = {
  can: { desk: true, mail: true, accountDetails: true },

  async start() {
    // Under `next start` no server.mjs opened the door's pagesChanged: the pages a published catalogue change touches
    // are then expired here, in Next.js's tag table (the same table server.mjs writes; it also empties its page cache).
    const { siteDoor } = await import('@/lib/server/site-door.mjs');
    const door = siteDoor();
    if (!door.frontServer && !door.pagesChanged) {
      const { expireNextTags } = await import('@/lib/server/next-tags.mjs');
      door.pagesChanged = (tags) => expireNextTags(tags);
    }
    const started = Date.now();
    const database = await getDatabase().catch((error: unknown) => {
      // An embedded database on a serverless host or a read-only disk (lib/db/embedded-disk.ts): the site does not
      // start, and says why in one sentence. By name: this bundle's copy of the class may not be the database's.
      if (error instanceof Error && error.name === 'EmbeddedDatabaseRefusedError') {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    });
    console.info(`[db] ${database.kind} ready, migrations applied, in ${Date.now() - started} ms`);
    // `npm run backup` asks this process for the embedded database's copy: no other process may open its folder.
    const [{ env }, { serveRunningSiteBackups }] = await Promise.all([import('@/lib/env'), import('@/lib/ops/serve-backups')]);
    await serveRunningSiteBackups(database, env().DATA_DIR);
    // The catalogue the pages and booking rules read is the database's from here on (lib/catalog/snapshot.ts), and
    // follows every change published on any instance (lib/catalog/live.ts).
    const { startCatalogFollower } = await import('@/lib/catalog/live');
    await startCatalogFollower(database);
    // Mail and reminders go out from every instance; the database keeps them from going out twice.
    const { releaseClaimsOfDeadProcess, startMailWorker } = await import('@/lib/mail/worker');
    await releaseClaimsOfDeadProcess(database);
    startMailWorker();
    // PGlite has no autovacuum: the site vacuums and analyses its tables itself (lib/db/upkeep.ts).
    const { startDatabaseUpkeep } = await import('@/lib/db/upkeep');
    startDatabaseUpkeep(database);
  },

  async health() {
    try {
      return { status: 200, body: { ok: true, backend: (await getDatabase()).kind } };
    } catch (error) {
      console.error('[health] database not ready', error);
      return { status: 503, body: { ok: false, error: { code: 'database_unavailable', message: 'The database is not available.' } } };
    }
  },

  answer: (_request, local) => local(),

  async sessionUser(request) {
    if (request) return (await getSession(request))?.user ?? null;
    return currentUser();
  },

  async signedInProfile() {
    const user = await currentUser();
    return user ? { id: user.id, name: user.name, email: user.email } : undefined;
  },

  async signedInCustomer() {
    const user = await currentUser();
    if (!user) return null;
    const db = await getDb();
    const [{ cards }, owned] = await Promise.all([listBookings(db, user.id), ownedPackages(db, user.id)]);
    const upcoming = cards.flatMap((card) => card.appointments.filter((a) => a.status === 'booked').map((a) => a.id));
    return {
      salonAsked: await visitsTheSalonAskedToMove(db, upcoming),
      user: { id: user.id, name: user.name, email: user.email },
      cards,
      packages: owned.map((pkg) => ({ pkgId: pkg.pkgId, serviceId: pkg.serviceId, sessionsLeft: pkg.sessionsLeft, sessionsTotal: pkg.sessionsTotal, hasSessionsLeft: pkg.sessionsLeft > 0 })),
    };
  },

  async customerBooking(cid, request) {
    const who = await embeddedBackend.sessionUser(request);
    if (!who) return { kind: 'signed-out' };
    const bookingId = bookingIdOf(cid);
    const booking = bookingId ? await readBooking(await getDb(), who.id, bookingId) : undefined;
    return booking ? { kind: 'found', user: { id: who.id, name: who.name, email: who.email }, booking } : { kind: 'not-found' };
  },

  async bookingCustomer() {
    const user = await currentUser();
    return { customer: user ? await customerSummary(await getDb(), user) : null, notice: null };
  },

  async buyer(request) {
    const session = await getSession(request);
    return session ? { userId: session.user.id, email: session.user.email } : null;
  },

  startCheckout: (request) => startCheckout(request),

  async pendingDeposit(cid) {
    const id = bookingIdOf(cid);
    if (!id) return undefined;
    const user = await currentUser();
    if (!user) return undefined;
    return readPendingDeposit(await getDb(), user.id, id);
  },

  depositOfBooking: async (bookingId) => depositOfBooking(await getDb(), bookingId),

  creditPaidOrder: (order, source) => recordPaidOrder(order, source),

  mailGiftCards: (cards) => mailDemoGiftCards(cards),

  giftCardAmounts: async () => giftCardAmounts(await getDb()),

  links: {
    resetUsable: async (token) => isResetTokenUsable(await getDb(), token),
    signUp: async (token) => signUpLinkState(await getDb(), token),
    emailChange: async (token) => emailChangeOfLink(await getDb(), token),
    invitation: async (token) => invitationState(await getDb(), token),
  },
};
