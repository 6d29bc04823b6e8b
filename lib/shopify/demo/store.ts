import 'server-only';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
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
});
export type DemoCart = z.infer<typeof demoCartSchema>;

/** Where the demo shop keeps its carts and orders. An order is claimed once: the second claim for a cart fails. */
export interface DemoShopStore {
  readCart(token: string): Promise<DemoCart | undefined>;
  writeCart(cart: DemoCart): Promise<void>;
  readOrder(token: string): Promise<DemoOrder | undefined>;
  /** Stores the order of a cart unless one exists; answers whether this call stored it. */
  claimOrder(token: string, order: DemoOrder): Promise<boolean>;
}

export function memoryDemoShopStore(): DemoShopStore {
  const carts = new Map<string, DemoCart>();
  const orders = new Map<string, DemoOrder>();
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
  let ready: Promise<unknown> | undefined;
  const ensureRoot = () => (ready ??= mkdir(root, { recursive: true }));
  return {
    async readCart(token) {
      return readJson(file(token, 'cart'), demoCartSchema);
    },
    async writeCart(cart) {
      await ensureRoot();
      const target = file(cart.token, 'cart');
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, JSON.stringify(cart));
      await rename(temporary, target);
    },
    async readOrder(token) {
      return readJson(file(token, 'order'), demoOrderSchema);
    },
    async claimOrder(token, order) {
      await ensureRoot();
      const target = file(token, 'order');
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, JSON.stringify(order));
      try {
        // A hard link fails with EEXIST if the order exists, and never shows a half-written file.
        await link(temporary, target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      } finally {
        await unlink(temporary);
      }
    },
  };
}
