/** One page of the product list, sorted by id, with each variant's sku: the source of the sku-to-variant map. */
export const getProductSkusQuery = /* GraphQL */ `
  query getProductSkus($first: Int!, $after: String) {
    products(first: $first, after: $after, sortKey: ID) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        variants(first: 100) {
          nodes {
            id
            sku
          }
        }
      }
    }
  }
`;
