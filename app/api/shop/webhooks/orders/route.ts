import { handleOrderWebhook } from '@/lib/shopify/webhook';

/** Shopify's orders/paid webhook (HMAC-checked). The demo checkout credits orders directly instead. */
export function POST(request: Request): Promise<Response> {
  return handleOrderWebhook(request);
}
