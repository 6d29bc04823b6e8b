// Cuts the subset of Shopify's Storefront API schema that the app uses out of the introspection result that
// @shopify/hydrogen-react ships (storefront.schema.json), and writes it as SDL in a TypeScript module.
// Run once per Storefront API version, then commit the output:
//   npm pack @shopify/hydrogen-react@2026.4.4 && tar xzf shopify-hydrogen-react-2026.4.4.tgz package/storefront.schema.json
//   node lib/shopify/demo/schema/extract-subset.mjs package/storefront.schema.json 2026-04 hydrogen-react@2026.4.4
// Types, field names, arguments and nullability are Shopify's own; only fields the app does not use are left out.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildClientSchema, printSchema } from 'graphql';

/** Output and interface types: the fields kept. Input types: the fields kept (every required one must be). */
const KEEP = {
  QueryRoot: ['cart', 'products'],
  Mutation: ['cartCreate', 'cartLinesAdd', 'cartLinesRemove', 'cartDiscountCodesUpdate', 'cartGiftCardCodesUpdate'],
  Node: ['id'],
  DisplayableError: ['field', 'message'],
  PageInfo: ['endCursor', 'hasNextPage', 'hasPreviousPage', 'startCursor'],
  ProductConnection: ['nodes', 'pageInfo'],
  Product: ['handle', 'id', 'title', 'variants'],
  ProductVariantConnection: ['nodes', 'pageInfo'],
  ProductVariant: ['availableForSale', 'id', 'price', 'product', 'sku', 'title'],
  Merchandise: [],
  MoneyV2: ['amount', 'currencyCode'],
  Attribute: ['key', 'value'],
  Cart: ['appliedGiftCards', 'attributes', 'buyerIdentity', 'checkoutUrl', 'cost', 'createdAt', 'discountCodes', 'id', 'lines', 'note', 'totalQuantity', 'updatedAt'],
  CartBuyerIdentity: ['email'],
  AppliedGiftCard: ['amountUsed', 'balance', 'id', 'lastCharacters'],
  CartCost: ['subtotalAmount', 'totalAmount'],
  CartDiscountCode: ['applicable', 'code'],
  BaseCartLineConnection: ['nodes', 'pageInfo'],
  BaseCartLine: ['cost', 'discountAllocations', 'id', 'merchandise', 'quantity'],
  CartLine: ['cost', 'discountAllocations', 'id', 'merchandise', 'quantity'],
  ComponentizableCartLine: ['cost', 'discountAllocations', 'id', 'merchandise', 'quantity'],
  CartLineCost: ['subtotalAmount', 'totalAmount'],
  CartDiscountAllocation: ['discountedAmount'],
  CartCodeDiscountAllocation: ['code', 'discountedAmount'],
  CartAutomaticDiscountAllocation: ['discountedAmount', 'title'],
  CartCustomDiscountAllocation: ['discountedAmount', 'title'],
  CartCreatePayload: ['cart', 'userErrors', 'warnings'],
  CartLinesAddPayload: ['cart', 'userErrors', 'warnings'],
  CartLinesRemovePayload: ['cart', 'userErrors', 'warnings'],
  CartDiscountCodesUpdatePayload: ['cart', 'userErrors', 'warnings'],
  CartGiftCardCodesUpdatePayload: ['cart', 'userErrors', 'warnings'],
  CartUserError: ['code', 'field', 'message'],
  CartWarning: ['code', 'message', 'target'],
  CartInput: ['attributes', 'buyerIdentity', 'discountCodes', 'lines', 'note'],
  CartBuyerIdentityInput: ['email'],
  CartLineInput: ['attributes', 'merchandiseId', 'quantity'],
  AttributeInput: ['key', 'value'],
};
const STANDARD_DIRECTIVES = ['include', 'skip', 'deprecated', 'specifiedBy'];

function named(ref) {
  return ref.ofType ? named(ref.ofType) : ref.name;
}

export function subsetIntrospection(full) {
  const source = full.__schema ?? full.data.__schema;
  const byName = new Map(source.types.map((t) => [t.name, t]));
  const wanted = new Set(Object.keys(KEEP));
  const queue = [...wanted];
  const types = new Map();
  while (queue.length) {
    const name = queue.shift();
    const type = byName.get(name);
    if (!type) throw new Error(`Storefront schema has no type ${name}`);
    if (types.has(name)) continue;
    const copy = { ...type };
    const refer = (ref) => {
      const target = named(ref);
      const kind = byName.get(target)?.kind;
      if (!types.has(target) && !queue.includes(target)) {
        if ((kind === 'OBJECT' || kind === 'INTERFACE' || kind === 'UNION' || kind === 'INPUT_OBJECT') && !(target in KEEP)) {
          throw new Error(`${name} refers to ${target}: add it to KEEP or drop the field`);
        }
        queue.push(target);
      }
    };
    if (type.kind === 'OBJECT' || type.kind === 'INTERFACE') {
      const keep = KEEP[name];
      copy.fields = type.fields.filter((f) => keep.includes(f.name));
      if (copy.fields.length !== keep.length) throw new Error(`${name} lacks some of ${keep.join(', ')}`);
      copy.interfaces = (type.interfaces ?? []).filter((i) => i.name in KEEP);
      if (type.kind === 'INTERFACE') copy.possibleTypes = type.possibleTypes.filter((p) => p.name in KEEP);
      for (const field of copy.fields) {
        refer(field.type);
        for (const arg of field.args) refer(arg.type);
      }
    } else if (type.kind === 'UNION') {
      copy.possibleTypes = type.possibleTypes.filter((p) => p.name in KEEP);
    } else if (type.kind === 'INPUT_OBJECT') {
      const keep = KEEP[name];
      for (const field of type.inputFields) {
        if (field.type.kind === 'NON_NULL' && field.defaultValue == null && !keep.includes(field.name)) {
          throw new Error(`${name}.${field.name} is required and must be kept`);
        }
      }
      copy.inputFields = type.inputFields.filter((f) => keep.includes(f.name));
      for (const field of copy.inputFields) refer(field.type);
    }
    types.set(name, copy);
  }
  return {
    __schema: {
      queryType: source.queryType,
      mutationType: source.mutationType,
      subscriptionType: null,
      types: [...types.values()].sort((a, b) => a.name.localeCompare(b.name)),
      directives: source.directives.filter((d) => STANDARD_DIRECTIVES.includes(d.name)),
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input, version, origin] = process.argv.slice(2);
  if (!input || !version || !origin) throw new Error('usage: extract-subset.mjs <storefront.schema.json> <api version> <source package@version>');
  const subset = subsetIntrospection(JSON.parse(readFileSync(input, 'utf8')));
  const sdl = printSchema(buildClientSchema(subset));
  const out = new URL('./storefront-subset.generated.ts', import.meta.url);
  writeFileSync(
    out,
    `// Generated by extract-subset.mjs from ${origin} storefront.schema.json. Do not edit by hand.\n` +
      `export const STOREFRONT_SCHEMA_VERSION = ${JSON.stringify(version)};\n` +
      `export const STOREFRONT_SUBSET_SDL = ${JSON.stringify(sdl)};\n`,
  );
  console.log(`wrote ${fileURLToPath(out)}: ${subset.__schema.types.length} types, ${sdl.length} characters of SDL`);
}
