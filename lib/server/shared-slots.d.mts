import type { FollowState } from '../catalog/live';
import type { CatalogSnapshot } from '../catalog/snapshot';
import type { Database } from '../db/client';
import type { RememberedCart } from '../shopify/checkout';
import type { DemoStorefront } from '../shopify/demo/storefront';
import type { SiteDoor } from './site-door.mjs';

/**
 * Every value one process shares between server.mjs and the site's bundles (each bundle has its own copy of every
 * module). Each slot says who sets it and why it must be one per process.
 */
export interface SharedSlots {
  /** lib/db: the process's one database, opened on first use. PGlite allows one instance per data folder, and a pool per bundle would multiply PostgreSQL connections. */
  database?: Promise<Database>;
  /** lib/db: its own SIGTERM/SIGINT handlers are installed (once per process; only without server.mjs). */
  databaseSignals?: boolean;
  /** server.mjs: it stops the site on SIGTERM/SIGINT itself, so lib/db hands over `closeDatabase` instead of closing at once. */
  serverHandlesSignals?: boolean;
  /** lib/db, for server.mjs: closes the database after the requests in flight and the workers have ended. */
  closeDatabase?: () => Promise<void>;
  /** lib/mail/worker.ts: the process's one interval mail worker (instrumentation.ts may run more than once). */
  mailWorker?: { stop(): Promise<void> };
  /** lib/mail/worker.ts, for server.mjs: ends the worker's round before the database closes. */
  stopMailWorker?: () => Promise<void>;
  /** lib/db/upkeep.ts: the process's one vacuum-and-analyse timer for an embedded database. */
  databaseUpkeep?: { stop(): Promise<void> };
  /** lib/db/upkeep.ts, for server.mjs: ends the upkeep's round before the database closes. */
  stopDatabaseUpkeep?: () => Promise<void>;
  /** lib/catalog/live.ts: what the follower has applied; it runs in instrumentation.ts's bundle, `catalogChanged` in the route handlers'. */
  catalogFollow?: FollowState;
  /** lib/catalog/snapshot.ts: the catalogue now, which every page and handler bundle must read alike. */
  catalogSnapshot?: CatalogSnapshot;
  /** lib/shopify/checkout.ts: each user's last cart in proxy mode (no database), whichever bundle took the press. */
  lastCarts?: Map<string, RememberedCart>;
  /** lib/shopify/checkout.ts: each user's CHECK OUT presses one after the other, across bundles. */
  checkoutQueues?: Map<string, Promise<unknown>>;
  /** lib/shopify/demo/handler.ts: the demo shop of DATA_DIR, whose carts and orders the shop's route handlers and the checkout share. */
  demoStorefront?: { dataDir: string; storefront: DemoStorefront };
  /** lib/shopify/demo/testing.ts: an in-memory demo shop a test routes lib/shopify to, so the site's own calls (the checkout's gift cards) use it too. */
  demoStorefrontForTests?: DemoStorefront;
  /** lib/shopify/demo/checkout.ts: the demo checkout's Pay presses one after the other, whichever bundle (page action or route) took them. */
  demoPayQueue?: Promise<unknown>;
  /** lib/db/data-dir-lock.mjs: the data folders this process has locked (loaded by server.mjs and by the bundles). */
  heldDataDirLocks?: Set<string>;
  /** lib/server/site-door.mjs: the calls server.mjs and the site make to each other. */
  siteDoor?: SiteDoor;
}

export declare function sharedSlot<K extends keyof SharedSlots>(name: K): SharedSlots[K];
export declare function setSharedSlot<K extends keyof SharedSlots>(name: K, value: SharedSlots[K]): void;
export declare function sharedSlotOr<K extends keyof SharedSlots>(name: K, create: () => NonNullable<SharedSlots[K]>): NonNullable<SharedSlots[K]>;
