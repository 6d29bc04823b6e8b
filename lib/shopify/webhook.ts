import 'server-only';
import { backend } from '@/lib/backend';
import { toResponse } from '@/lib/api/errors';
import { shopConfig } from './config';
import { recordPaidOrder, shopifyOrderSchema, verifyShopifyWebhook } from './orders';

const MAX_WEBHOOK_BYTES = 1024 * 1024;

function reply(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}

/**
 * Shopify's orders/paid webhook: checks the HMAC of the raw body against SHOPIFY_WEBHOOK_SECRET, then credits the
 * order once. Answers 2xx for anything Shopify should not send again (other topics, ignored or repeated orders) and
 * 5xx only when crediting failed, so that Shopify retries.
 */
export async function handleOrderWebhook(request: Request): Promise<Response> {
  // On a front packages are credited in the upstream's database, by its own webhook route, which checks the same
  // signature (the raw body and Shopify's headers pass unchanged; both sides hold SHOPIFY_WEBHOOK_SECRET).
  try {
    return await backend().answer(request, () => creditWebhookOrder(request));
  } catch (error) {
    return toResponse(error);
  }
}

async function creditWebhookOrder(request: Request): Promise<Response> {
  const secret = shopConfig().webhookSecret;
  if (!secret) return reply(404, { error: { code: 'not_configured', message: 'No webhook secret is configured.' } });
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_WEBHOOK_BYTES) return reply(413, { error: { code: 'too_large', message: 'The body is too large.' } });
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_WEBHOOK_BYTES) return reply(413, { error: { code: 'too_large', message: 'The body is too large.' } });
  if (!verifyShopifyWebhook(raw, request.headers.get('x-shopify-hmac-sha256'), secret)) {
    return reply(401, { error: { code: 'bad_signature', message: 'The webhook signature does not match.' } });
  }
  const topic = request.headers.get('x-shopify-topic');
  if (topic !== 'orders/paid') return reply(200, { status: 'ignored', reason: `topic ${topic ?? '(none)'}` });
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return reply(400, { error: { code: 'bad_json', message: 'The body is not JSON.' } });
  }
  const order = shopifyOrderSchema.safeParse(body);
  if (!order.success) return reply(422, { error: { code: 'invalid', message: 'The order payload is not as expected.' } });
  try {
    const outcome = await recordPaidOrder(order.data, 'shopify');
    if (outcome.status === 'ignored') console.error(`[shop] webhook: ${outcome.reason}`);
    // The whole outcome: a front in proxy mode that forwarded the order reads it (Shopify reads only the status code).
    return reply(200, outcome);
  } catch (error) {
    console.error('[shop] crediting order failed', error);
    return reply(500, { error: { code: 'credit_failed', message: 'The order could not be credited; please retry.' } });
  }
}
