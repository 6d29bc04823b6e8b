import 'server-only';
import { z } from 'zod';
import { forwardToUpstream } from '@/lib/api/proxy';
import { shopConfig } from './config';
import { signShopifyWebhook, type OrderOutcome, type ShopifyOrder } from './orders';

const outcomeSchema: z.ZodType<OrderOutcome> = z.discriminatedUnion('status', [
  z.object({ status: z.literal('credited'), customerId: z.string(), credited: z.array(z.object({ pvId: z.string(), sku: z.string(), sessions: z.number() })) }),
  z.object({ status: z.literal('duplicate'), customerId: z.string() }),
  z.object({ status: z.literal('ignored'), reason: z.string() }),
]);

/** The path of the orders/paid webhook, on this site and on an upstream instance of it. */
export const ORDER_WEBHOOK_PATH = '/api/shop/webhooks/orders/';

/**
 * Proxy mode: a paid demo order is credited in the upstream's database, by the upstream's own orders/paid webhook
 * route, signed as Shopify signs it with the SHOPIFY_WEBHOOK_SECRET both sides hold (the documented server-to-server
 * credential). Throws when it was not credited, so 'Pay' shows an error and a second press tries again (crediting
 * is once per order id upstream).
 */
export async function creditOrderUpstream(order: ShopifyOrder): Promise<OrderOutcome> {
  const secret = shopConfig().webhookSecret;
  if (!secret) throw new Error('Proxy mode with the demo shop needs SHOPIFY_WEBHOOK_SECRET, the same on the front and the upstream, to credit paid orders there');
  const body = JSON.stringify(order);
  const request = new Request(new URL(ORDER_WEBHOOK_PATH, 'http://front.invalid'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/paid', 'x-shopify-hmac-sha256': signShopifyWebhook(body, secret) },
    body,
  });
  const response = await forwardToUpstream(request);
  const text = await response.text();
  if (!response.ok) throw new Error(`The upstream refused the paid order ${order.id} (${response.status}): ${text.slice(0, 300)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const outcome = outcomeSchema.safeParse(parsed);
  if (!outcome.success) throw new Error(`The upstream's answer to the paid order ${order.id} is not readable: ${text.slice(0, 300)}`);
  return outcome.data;
}
