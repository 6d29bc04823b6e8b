import { cartFragment } from '../fragments/cart';

const payloadFields = /* GraphQL */ `
  cart {
    ...cart
  }
  userErrors {
    code
    field
    message
  }
  warnings {
    code
    message
    target
  }
`;

export const createCartMutation = /* GraphQL */ `
  mutation createCart($input: CartInput!) {
    cartCreate(input: $input) {
      ${payloadFields}
    }
  }
  ${cartFragment}
`;

export const addToCartMutation = /* GraphQL */ `
  mutation addToCart($cartId: ID!, $lines: [CartLineInput!]!) {
    cartLinesAdd(cartId: $cartId, lines: $lines) {
      ${payloadFields}
    }
  }
  ${cartFragment}
`;

export const removeFromCartMutation = /* GraphQL */ `
  mutation removeFromCart($cartId: ID!, $lineIds: [ID!]!) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) {
      ${payloadFields}
    }
  }
  ${cartFragment}
`;

export const updateDiscountCodesMutation = /* GraphQL */ `
  mutation updateDiscountCodes($cartId: ID!, $discountCodes: [String!]!) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
      ${payloadFields}
    }
  }
  ${cartFragment}
`;

export const updateGiftCardCodesMutation = /* GraphQL */ `
  mutation updateGiftCardCodes($cartId: ID!, $giftCardCodes: [String!]!) {
    cartGiftCardCodesUpdate(cartId: $cartId, giftCardCodes: $giftCardCodes) {
      ${payloadFields}
    }
  }
  ${cartFragment}
`;
