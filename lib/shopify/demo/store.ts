import 'server-only';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** A cart token: the random part of the cart's gid and of its demo checkout address. */
export const DEMO_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

const attribute = z.object({ key: z.string(), value: z.string() });

export const demoOrderSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  createdAt: z.string(),
  email: z.string().nullable(),
  note: z.string().nullable(),
  attributes: z.array(attribute),
  discountCodes: z.array(z.object({ code: z.string(), amount: z.number() })),
  lines: z.array(z.object({ variantId: z.number().int(), sku: z.string(), title: z.string(), quantity: z.number().int().positive(), price: z.number() })),
  subtotal: z.number(),
  total: z.number(),
  /** Gift cards that paid part of the order, and what each paid (cents). */
  giftCards: z.array(z.object({ id: z.number().int(), code: z.string(), lastCharacters: z.string(), cents: z.number().int().positive() })).default([]),
  /** What was charged beyond the gift cards (cents). */
  chargedCents: z.number().int().nonnegative().optional(),
});
export type DemoOrder = z.infer<typeof demoOrderSchema>;

export const demoCartSchema = z.object({
  token: z.string().regex(DEMO_TOKEN_PATTERN),
  createdAt: z.string(),
  updatedAt: z.string(),
  note: z.string().nullable(),
  email: z.string().nullable(),
  attributes: z.array(attribute),
  lines: z.array(z.object({ id: z.string(), productId: z.number().int(), quantity: z.number().int().positive() })),
  discountCodes: z.array(z.string()),
  /** Gift-card codes applied to the cart (cartGiftCardCodesUpdate), as normalised by normalizeGiftCardCode. */
  giftCardCodes: z.array(z.string()).default([]),
});
export type DemoCart = z.infer<typeof demoCartSchema>;

/**
 * A gift card the demo shop issued for a paid gift-card line. Its balance is the amount less its debits, one per
 * order it paid, so paying an order twice (a second 'Pay') never takes the money twice.
 */
export const demoGiftCardSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  initialCents: z.number().int().positive(),
  email: z.string().nullable(),
  /** The order that bought it; null for one the site asked the store to issue for a customer's account credit. */
  orderId: z.number().int().positive().nullable(),
  createdAt: z.string(),
  debits: z.array(z.object({ orderId: z.number().int().positive(), cents: z.number().int().positive() })),
});
export type DemoGiftCard = z.infer<typeof demoGiftCardSchema>;

export function giftCardBalanceCents(card: DemoGiftCard): number {
  return card.initialCents - card.debits.reduce((sum, debit) => sum + debit.cents, 0);
}

/** Where the demo shop keeps its carts and orders. An order is claimed once: the second claim for a cart fails. */
export interface DemoShopStore {
  readCart(token: string): Promise<DemoCart | undefined>;
  writeCart(cart: DemoCart): Promise<void>;
  readOrder(token: string): Promise<DemoOrder | undefined>;
  /** Stores the order of a cart unless one exists; answers whether this call stored it. */
  claimOrder(token: string, order: DemoOrder): Promise<boolean>;
  /** A gift card by its normalised code. */
  readGiftCard(code: string): Promise<DemoGiftCard | undefined>;
  /** Stores a new gift card unless its code exists; answers whether this call stored it. */
  issueGiftCard(card: DemoGiftCard): Promise<boolean>;
  /** Replaces a gift card (its debits). */
  writeGiftCard(card: DemoGiftCard): Promise<void>;
}

export function memoryDemoShopStore(): DemoShopStore {
  const carts = new Map<string, DemoCart>();
  const orders = new Map<string, DemoOrder>();
  const giftCards = new Map<string, DemoGiftCard>();
  return {
    async readCart(token) {
      const cart = carts.get(token);
      return cart && structuredClone(cart);
    },
    async writeCart(cart) {
      carts.set(cart.token, structuredClone(cart));
    },
    async readOrder(token) {
      const order = orders.get(token);
      return order && structuredClone(order);
    },
    async claimOrder(token, order) {
      if (orders.has(token)) return false;
      orders.set(token, structuredClone(order));
      return true;
    },
    async readGiftCard(code) {
      const card = giftCards.get(code);
      return card && structuredClone(card);
    },
    async issueGiftCard(card) {
      if (giftCards.has(card.code)) return false;
      giftCards.set(card.code, structuredClone(card));
      return true;
    },
    async writeGiftCard(card) {
      giftCards.set(card.code, structuredClone(card));
    },
  };
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`Demo shop file ${path.basename(file)} is damaged`);
  return parsed.data;
}

/**
 * Files under `{dataDir}/demo-shop/`: a restart keeps carts and orders, and the order claim is an exclusive hard
 * link, so two 'Pay' presses (even in two processes) make one order.
 */
export function fileDemoShopStore(dataDir: string): DemoShopStore {
  const root = path.resolve(dataDir, 'demo-shop');
  const file = (token: string, kind: 'cart' | 'order') => {
    if (!DEMO_TOKEN_PATTERN.test(token)) throw new Error('Not a demo cart token');
    return path.join(root, `${token}.${kind}.json`);
  };
  // A code is the card's secret: its file is named by its hash, so a listing of the folder shows no code.
  const giftCardFile = (code: string) => path.join(root, `gift-card-${createHash('sha256').update(code).digest('hex').slice(0, 40)}.json`);
  let ready: Promise<unknown> | undefined;
  const ensureRoot = () => (ready ??= mkdir(root, { recursive: true }));
  const writeWhole = async (target: string, value: unknown) => {
    await ensureRoot();
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(value));
    await rename(temporary, target);
  };
  const createOnce = async (target: string, value: unknown) => {
    await ensureRoot();
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(value));
    try {
      // A hard link fails with EEXIST if the file exists, and never shows a half-written file.
      await link(temporary, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await unlink(temporary);
    }
  };
  return {
    async readCart(token) {
      return readJson(file(token, 'cart'), demoCartSchema);
    },
    async writeCart(cart) {
      await writeWhole(file(cart.token, 'cart'), cart);
    },
    async readOrder(token) {
      return readJson(file(token, 'order'), demoOrderSchema);
    },
    async claimOrder(token, order) {
      return createOnce(file(token, 'order'), order);
    },
    async readGiftCard(code) {
      return readJson(giftCardFile(code), demoGiftCardSchema);
    },
    async issueGiftCard(card) {
      return createOnce(giftCardFile(card.code), card);
    },
    async writeGiftCard(card) {
      await writeWhole(giftCardFile(card.code), card);
    },
  };
}
