import 'server-only';
import { randomBytes } from 'node:crypto';
import { GraphQLError, execute, parse, validate, type ExecutionResult } from 'graphql';
import { z } from 'zod';
import { GID } from '../constants';
import { allocateGiftCards, cardsOf, demoGiftCardId, GIFT_CARD_CODE_INVALID, GIFT_CARD_NO_BALANCE, normalizeGiftCardCode } from './gift-cards';
import type { DemoProduct } from './products';
import { demoDiscountPercent, priceDemoCart } from './pricing';
import { storefrontSubsetSchema } from './schema';
import { DEMO_TOKEN_PATTERN, giftCardBalanceCents, type DemoCart, type DemoShopStore } from './store';

export interface DemoShopContext {
  store: DemoShopStore;
  products: () => readonly DemoProduct[];
  /** Origin of the demo hosted checkout pages (the site itself). */
  checkoutOrigin: string;
  now: () => Date;
}

/** Like Shopify's, a cart nobody touched for ten days is gone. */
export const DEMO_CART_LIFETIME_MS = 10 * 24 * 60 * 60 * 1000;
const MAX_PAGE = 250;
const MAX_LINES = 250;

export function demoCheckoutPath(token: string): string {
  return `/demo-checkout/${token}/`;
}

export function demoCartToken(cartId: string): string | undefined {
  if (!cartId.startsWith(GID.cart)) return undefined;
  const token = cartId.slice(GID.cart.length).split('?')[0] ?? '';
  return DEMO_TOKEN_PATTERN.test(token) ? token : undefined;
}

function numericId(gid: unknown, prefix: string): number | undefined {
  if (typeof gid !== 'string' || !gid.startsWith(prefix)) return undefined;
  const tail = gid.slice(prefix.length);
  return /^\d{1,16}$/.test(tail) ? Number(tail) : undefined;
}

const money = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: 'USD' });

function cursorOf(index: number): string {
  return Buffer.from(`i:${index}`).toString('base64url');
}

function indexAfter(cursor: unknown): number {
  if (cursor == null) return 0;
  const match = typeof cursor === 'string' ? /^i:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  if (!match) throw new GraphQLError('Invalid cursor.', { extensions: { code: 'BAD_REQUEST' } });
  return Number(match[1]) + 1;
}

/** A connection page the way Shopify answers `first`/`after` (the only paging the app uses). */
function connection<T>(all: readonly T[], args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null }) {
  if (args.last != null || args.before != null) {
    throw new GraphQLError('The demo storefront pages forward only (first/after).', { extensions: { code: 'BAD_REQUEST' } });
  }
  if (args.first == null) throw new GraphQLError('You must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if (args.first < 0 || args.first > MAX_PAGE) {
    throw new GraphQLError(`The first argument must be between 0 and ${MAX_PAGE}.`, { extensions: { code: 'BAD_REQUEST' } });
  }
  const start = indexAfter(args.after);
  const nodes = all.slice(start, start + args.first);
  const end = start + nodes.length - 1;
  return {
    nodes,
    edges: nodes.map((node, offset) => ({ node, cursor: cursorOf(start + offset) })),
    pageInfo: {
      hasNextPage: end < all.length - 1,
      hasPreviousPage: start > 0,
      startCursor: nodes.length ? cursorOf(start) : null,
      endCursor: nodes.length ? cursorOf(end) : null,
    },
  };
}

/** A product and its variants (one, or the gift card's amounts), all sharing the product's id. */
function productView(variants: readonly DemoProduct[]) {
  const first = variants[0]!;
  const view: Record<string, unknown> = {
    __typename: 'Product',
    id: `${GID.product}${first.productId ?? first.id}`,
    title: first.title,
    handle: first.handle,
  };
  view.variants = (args: { first?: number; after?: string }) => connection(variants.map((variant) => variantView(variant, view)), args);
  return view;
}

function variantView(product: DemoProduct, productObject?: Record<string, unknown>) {
  return {
    __typename: 'ProductVariant',
    id: `${GID.variant}${product.id}`,
    sku: product.sku,
    title: product.variantTitle ?? 'Default Title',
    availableForSale: true,
    price: money(product.price),
    product: () => productObject ?? productView([product]),
  };
}

/** The variants grouped into their products, in product id order. */
function productsOf(variants: readonly DemoProduct[]): DemoProduct[][] {
  const byProduct = new Map<number, DemoProduct[]>();
  for (const variant of [...variants].sort((a, b) => a.id - b.id)) {
    const key = variant.productId ?? variant.id;
    byProduct.set(key, [...(byProduct.get(key) ?? []), variant]);
  }
  return [...byProduct.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
}

interface UserError {
  code: string;
  field: string[] | null;
  message: string;
}

const cartMissing = (field: string[]): UserError => ({ code: 'INVALID', field, message: 'The specified cart does not exist.' });

const emailSchema = z.email();

export function createDemoStorefront(ctx: DemoShopContext) {
  const productById = () => new Map(ctx.products().map((product) => [product.id, product]));

  async function liveCart(cartId: string): Promise<DemoCart | undefined> {
    const token = demoCartToken(cartId);
    if (!token) return undefined;
    const cart = await ctx.store.readCart(token);
    if (!cart) return undefined;
    // Completed carts and expired ones read as null, as Shopify's do.
    if (await ctx.store.readOrder(token)) return undefined;
    if (ctx.now().getTime() - Date.parse(cart.updatedAt) > DEMO_CART_LIFETIME_MS) return undefined;
    return cart;
  }

  function cartView(cart: DemoCart) {
    const products = productById();
    const lines = cart.lines.flatMap((line) => {
      const product = products.get(line.productId);
      return product ? [{ line, product }] : [];
    });
    const priced = priceDemoCart(
      lines.map(({ line, product }) => ({ price: product.price, quantity: line.quantity })),
      cart.discountCodes,
    );
    const lineViews = lines.map(({ line, product }, index) => {
      const price = priced.lines[index]!;
      return {
        __typename: 'CartLine',
        id: line.id,
        quantity: line.quantity,
        merchandise: variantView(product),
        cost: { subtotalAmount: money(price.subtotal), totalAmount: money(price.total) },
        discountAllocations:
          priced.appliedCode && price.discount > 0
            ? [{ __typename: 'CartCodeDiscountAllocation', code: priced.appliedCode, discountedAmount: money(price.discount) }]
            : [],
      };
    });
    // Gift cards pay for everything but gift cards.
    const payableCents = Math.round(lines.reduce((sum, { product }, index) => sum + (product.giftCard ? 0 : priced.lines[index]!.total), 0) * 100);
    return {
      __typename: 'Cart',
      id: `${GID.cart}${cart.token}`,
      appliedGiftCards: async () =>
        allocateGiftCards(await cardsOf(ctx.store, cart.giftCardCodes), payableCents).map(({ card, balanceCents, usedCents }) => ({
          id: `gid://shopify/AppliedGiftCard/${demoGiftCardId(card.code)}`,
          lastCharacters: card.code.slice(-4),
          amountUsed: money(usedCents / 100),
          balance: money(balanceCents / 100),
        })),
      checkoutUrl: `${ctx.checkoutOrigin}${demoCheckoutPath(cart.token)}`,
      createdAt: cart.createdAt,
      updatedAt: cart.updatedAt,
      note: cart.note,
      totalQuantity: lines.reduce((sum, { line }) => sum + line.quantity, 0),
      buyerIdentity: { email: cart.email },
      attributes: cart.attributes,
      discountCodes: cart.discountCodes.map((code) => ({ code, applicable: demoDiscountPercent(code) !== undefined })),
      cost: { subtotalAmount: money(priced.subtotal), totalAmount: money(priced.total) },
      lines: (args: { first?: number; after?: string }) => connection(lineViews, args),
    };
  }

  function payload(cart: DemoCart | undefined, userErrors: UserError[] = [], warnings: object[] = []) {
    return { cart: cart ? cartView(cart) : null, userErrors, warnings };
  }

  type LineInput = { merchandiseId: string; quantity?: number | null; attributes?: unknown };

  /** Adds lines (merging a variant already in the cart, as Shopify does); answers user errors instead. */
  function addLines(cart: DemoCart, inputs: readonly LineInput[], fieldPrefix: string[]): UserError[] {
    const products = productById();
    const errors: UserError[] = [];
    inputs.forEach((input, index) => {
      const id = numericId(input.merchandiseId, GID.variant);
      const quantity = input.quantity ?? 1;
      if (id === undefined || !products.has(id)) {
        errors.push({
          code: 'INVALID_MERCHANDISE_LINE',
          field: [...fieldPrefix, String(index), 'merchandiseId'],
          message: 'The merchandise with id ' + input.merchandiseId + ' does not exist.',
        });
        return;
      }
      if (quantity < 1) {
        errors.push({ code: 'INVALID', field: [...fieldPrefix, String(index), 'quantity'], message: 'The quantity must be a positive number.' });
        return;
      }
      const existing = cart.lines.find((line) => line.productId === id);
      if (existing) existing.quantity += quantity;
      else cart.lines.push({ id: `${GID.cartLine}${randomBytes(12).toString('hex')}?cart=${cart.token}`, productId: id, quantity });
    });
    if (cart.lines.length > MAX_LINES) errors.push({ code: 'CART_TOO_LARGE', field: fieldPrefix, message: 'The cart is too large.' });
    return errors;
  }

  function touch(cart: DemoCart) {
    cart.updatedAt = ctx.now().toISOString();
  }

  /**
   * Replaces the cart's gift-card codes (Shopify's cartGiftCardCodesUpdate; an empty list removes them). A code the
   * shop never issued, or one with nothing left on it, is refused with a user error and the cart stays as it was.
   */
  async function updateGiftCardCodes(cartId: string, codes: readonly string[]) {
    const cart = await liveCart(cartId);
    if (!cart) return payload(undefined, [cartMissing(['cartId'])]);
    const normalized: string[] = [];
    const errors: UserError[] = [];
    for (const [index, input] of codes.entries()) {
      const code = normalizeGiftCardCode(input);
      const card = code ? await ctx.store.readGiftCard(code) : undefined;
      if (!code || !card) errors.push({ code: 'INVALID', field: ['giftCardCodes', String(index)], message: GIFT_CARD_CODE_INVALID });
      else if (giftCardBalanceCents(card) <= 0) errors.push({ code: 'INVALID', field: ['giftCardCodes', String(index)], message: GIFT_CARD_NO_BALANCE });
      else if (!normalized.includes(code)) normalized.push(code);
    }
    if (errors.length) return payload(undefined, errors);
    cart.giftCardCodes = normalized;
    touch(cart);
    await ctx.store.writeCart(cart);
    return payload(cart);
  }

  const rootValue = {
    products: (args: { first?: number; after?: string; last?: number; before?: string; reverse?: boolean; sortKey?: string; query?: string }) => {
      if (args.query) throw new GraphQLError('The demo storefront does not search products.', { extensions: { code: 'BAD_REQUEST' } });
      const products = productsOf(ctx.products());
      if (args.reverse) products.reverse();
      const page = connection(products, args);
      return { ...page, nodes: page.nodes.map(productView), edges: page.edges.map((edge) => ({ ...edge, node: productView(edge.node) })) };
    },
    cart: async ({ id }: { id: string }) => {
      const cart = await liveCart(id);
      return cart ? cartView(cart) : null;
    },
    cartCreate: async ({ input }: { input?: { buyerIdentity?: { email?: string | null }; note?: string | null; attributes?: Array<{ key: string; value: string }>; lines?: LineInput[]; discountCodes?: string[] } | null }) => {
      const now = ctx.now().toISOString();
      const email = input?.buyerIdentity?.email ?? null;
      if (email !== null && !emailSchema.safeParse(email).success) {
        return payload(undefined, [{ code: 'INVALID', field: ['input', 'buyerIdentity', 'email'], message: 'Email is invalid' }]);
      }
      const cart: DemoCart = {
        token: randomBytes(18).toString('base64url'),
        createdAt: now,
        updatedAt: now,
        note: input?.note ?? null,
        email,
        attributes: (input?.attributes ?? []).map(({ key, value }) => ({ key, value })),
        lines: [],
        discountCodes: input?.discountCodes ?? [],
        giftCardCodes: [],
      };
      const errors = addLines(cart, input?.lines ?? [], ['input', 'lines']);
      if (errors.length) return payload(undefined, errors);
      await ctx.store.writeCart(cart);
      return payload(cart);
    },
    cartLinesAdd: async ({ cartId, lines }: { cartId: string; lines: LineInput[] }) => {
      const cart = await liveCart(cartId);
      if (!cart) return payload(undefined, [cartMissing(['cartId'])]);
      const errors = addLines(cart, lines, ['lines']);
      if (errors.length) return payload(undefined, errors);
      touch(cart);
      await ctx.store.writeCart(cart);
      return payload(cart);
    },
    cartLinesRemove: async ({ cartId, lineIds }: { cartId: string; lineIds: string[] }) => {
      const cart = await liveCart(cartId);
      if (!cart) return payload(undefined, [cartMissing(['cartId'])]);
      const unknown = lineIds.findIndex((id) => !cart.lines.some((line) => line.id === id));
      if (unknown >= 0) {
        return payload(undefined, [{ code: 'INVALID', field: ['lineIds', String(unknown)], message: 'The line with id ' + lineIds[unknown] + ' does not exist.' }]);
      }
      cart.lines = cart.lines.filter((line) => !lineIds.includes(line.id));
      touch(cart);
      await ctx.store.writeCart(cart);
      return payload(cart);
    },
    cartDiscountCodesUpdate: async ({ cartId, discountCodes }: { cartId: string; discountCodes: string[] }) => {
      const cart = await liveCart(cartId);
      if (!cart) return payload(undefined, [cartMissing(['cartId'])]);
      cart.discountCodes = [...new Set(discountCodes.map((code) => code.trim()).filter(Boolean))];
      touch(cart);
      await ctx.store.writeCart(cart);
      const warnings = cart.discountCodes
        .filter((code) => demoDiscountPercent(code) === undefined)
        .map((code) => ({ code: 'DISCOUNT_NOT_FOUND', message: `The discount code ${code} is not valid.`, target: `${GID.cart}${cart.token}` }));
      return payload(cart, [], warnings);
    },
    cartGiftCardCodesUpdate: ({ cartId, giftCardCodes }: { cartId: string; giftCardCodes: string[] }) => updateGiftCardCodes(cartId, giftCardCodes),
  };

  return {
    /** Runs one GraphQL request against the Storefront schema subset: parse, validate, execute. */
    async execute(request: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }): Promise<ExecutionResult> {
      let document;
      try {
        document = parse(request.query);
      } catch (error) {
        return { errors: [error instanceof GraphQLError ? error : new GraphQLError('Could not parse the query.')] };
      }
      const errors = validate(storefrontSubsetSchema(), document);
      if (errors.length) return { errors };
      return execute({
        schema: storefrontSubsetSchema(),
        document,
        rootValue,
        variableValues: request.variables ?? undefined,
        operationName: request.operationName ?? undefined,
      });
    },
    liveCart,
    cartView,
    updateGiftCardCodes,
    store: ctx.store,
  };
}

export type DemoStorefront = ReturnType<typeof createDemoStorefront>;
