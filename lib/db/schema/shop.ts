import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The last shop cart a user's CHECK OUT made or reused (lib/shopify/checkout.ts): one row per user, written inside
 * the transaction that holds the user's checkout lock, so a press on any instance reuses the cart of the press
 * before it instead of making a second cart (and a second payment).
 */
export const shopCheckouts = pgTable('shop_checkouts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The Storefront cart id (gid://shopify/Cart/...). */
  cartId: text('cart_id').notNull(),
  /** The shop cart's product-variant ids (pvId GUIDs) that press checked out. */
  pvIds: text('pv_ids').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ShopCheckout = typeof shopCheckouts.$inferSelect;
