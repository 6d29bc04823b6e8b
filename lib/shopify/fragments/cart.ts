const moneyFields = /* GraphQL */ `amount currencyCode`;

export const cartFragment = /* GraphQL */ `
  fragment cart on Cart {
    id
    checkoutUrl
    createdAt
    updatedAt
    note
    totalQuantity
    buyerIdentity {
      email
    }
    attributes {
      key
      value
    }
    discountCodes {
      code
      applicable
    }
    appliedGiftCards {
      id
      lastCharacters
      amountUsed { ${moneyFields} }
      balance { ${moneyFields} }
    }
    cost {
      subtotalAmount { ${moneyFields} }
      totalAmount { ${moneyFields} }
    }
    lines(first: 100) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        quantity
        cost {
          subtotalAmount { ${moneyFields} }
          totalAmount { ${moneyFields} }
        }
        discountAllocations {
          discountedAmount { ${moneyFields} }
          ... on CartCodeDiscountAllocation {
            code
          }
        }
        merchandise {
          ... on ProductVariant {
            id
            sku
            title
            price { ${moneyFields} }
            product {
              id
              title
              handle
            }
          }
        }
      }
    }
  }
`;
