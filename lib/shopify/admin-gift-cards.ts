import 'server-only';
import { SHOPIFY_API_VERSION, SHOPIFY_TIMEOUT_MS } from './constants';
import { ShopError } from './errors';

/** A gift card the store issued for a customer's credit: its code and, at a real store, its Admin API id. */
export interface IssuedGiftCard {
  code: string;
  id?: string;
}

/** Who can issue gift cards for account credit (lib/shopify/credit-gift-card.ts). */
export interface CreditGiftCards {
  issue(input: { cents: number; email: string }): Promise<IssuedGiftCard>;
  /** Takes an issued card's balance off again (the credit could not be spent after all). */
  void(card: IssuedGiftCard): Promise<void>;
}

export const giftCardCreateMutation = /* GraphQL */ `
  mutation giftCardCreate($input: GiftCardCreateInput!) {
    giftCardCreate(input: $input) {
      giftCard {
        id
        lastCharacters
      }
      giftCardCode
      userErrors {
        code
        field
        message
      }
    }
  }
`;

export const giftCardDeactivateMutation = /* GraphQL */ `
  mutation giftCardDeactivate($id: ID!) {
    giftCardDeactivate(id: $id) {
      giftCard {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;
type UserErrors = Array<{ code?: string | null; message: string }>;

/**
 * A real store's issuer: the Admin API's giftCardCreate with the store's Admin token (scope write_gift_cards), at the
 * API version the Storefront calls use, and giftCardDeactivate to void one. Failures are ShopErrors for the log.
 */
export function adminGiftCardIssuer(config: { storeDomain: string; adminToken: string }, fetchApi: FetchLike = (url, init) => fetch(url, init)): CreditGiftCards {
  async function call<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await fetchApi(`https://${config.storeDomain}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': config.adminToken },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(SHOPIFY_TIMEOUT_MS),
        cache: 'no-store',
      });
    } catch (error) {
      throw new ShopError('unreachable', `Admin API request failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!response.ok) throw new ShopError('unreachable', `Admin API answered ${response.status}`);
    const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
    if (body.errors?.length) throw new ShopError('shop-error', `Admin API answered errors: ${body.errors.map((error) => error.message).join('; ')}`);
    if (!body.data) throw new ShopError('shop-error', 'Admin API answered without data');
    return body.data;
  }
  const refused = (step: string, errors: UserErrors) => new ShopError('shop-error', `${step}: ${errors.map((error) => `${error.code ?? ''} ${error.message}`.trim()).join('; ')}`);
  return {
    async issue({ cents, email }) {
      const data = await call<{ giftCardCreate: { giftCard: { id: string } | null; giftCardCode: string | null; userErrors: UserErrors } }>(giftCardCreateMutation, {
        input: { initialValue: (cents / 100).toFixed(2), note: `Account credit of ${email} on the salon's site, for a package` },
      });
      const created = data.giftCardCreate;
      if (created.userErrors.length) throw refused('giftCardCreate', created.userErrors);
      if (!created.giftCard || !created.giftCardCode) throw new ShopError('shop-error', 'giftCardCreate: no gift card in the answer');
      return { code: created.giftCardCode, id: created.giftCard.id };
    },
    async void(card) {
      if (!card.id) return;
      const data = await call<{ giftCardDeactivate: { userErrors: UserErrors } }>(giftCardDeactivateMutation, { id: card.id });
      if (data.giftCardDeactivate.userErrors.length) throw refused('giftCardDeactivate', data.giftCardDeactivate.userErrors);
    },
  };
}
