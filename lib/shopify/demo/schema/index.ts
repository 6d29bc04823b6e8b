import { buildSchema, type GraphQLSchema } from 'graphql';
import { STOREFRONT_SUBSET_SDL } from './storefront-subset.generated';

let schema: GraphQLSchema | undefined;

/** Shopify's Storefront schema, cut down to the types and fields the app uses (see extract-subset.mjs). */
export function storefrontSubsetSchema(): GraphQLSchema {
  schema ??= buildSchema(STOREFRONT_SUBSET_SDL);
  return schema;
}
