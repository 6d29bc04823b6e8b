'use server';

import { redirect } from 'next/navigation';
import { isDemoShop } from '@/lib/shopify';
import { applyDemoGiftCard, depositReference, payDemoCheckout } from '@/lib/shopify/demo/checkout';
import { DEMO_TOKEN_PATTERN } from '@/lib/shopify/demo/store';

/**
 * 'Pay' on the demo checkout: completes the order (once) and shows the paid page. A checkout that changed since its
 * page was shown (another tab's CHECK OUT) is shown again, with a line saying so, and nothing is paid.
 */
export async function payDemoOrder(token: string, data: FormData): Promise<void> {
  if (!isDemoShop() || typeof token !== 'string' || !DEMO_TOKEN_PATTERN.test(token)) redirect('/specials/');
  const shown = data.get('shown');
  const result = await payDemoCheckout(token, undefined, typeof shown === 'string' ? shown : '');
  if (result.status === 'changed') redirect(`/demo-checkout/${token}/?changed=1`);
  if (result.status === 'paid' && result.outcome?.status === 'ignored') console.error(`[shop] demo order: ${result.outcome.reason}`);
  // A deposit's checkout returns to the booking's confirmation, which waits for the payment (issue 37).
  const deposit = result.status === 'paid' ? depositReference(result.order) : undefined;
  redirect(deposit ? `/booking/confirmation/${deposit}/` : `/demo-checkout/${token}/`);
}

/** The gift-card field: applies a code (or, with 'Remove', takes the applied ones off) and shows the page again. */
export async function applyDemoGiftCardCode(token: string, data: FormData): Promise<void> {
  if (!isDemoShop() || typeof token !== 'string' || !DEMO_TOKEN_PATTERN.test(token)) redirect('/specials/');
  const code = data.get('remove') ? '' : data.get('code');
  const text = typeof code === 'string' ? code.slice(0, 100) : '';
  if (!data.get('remove') && !text.trim()) redirect(`/demo-checkout/${token}/?gift=empty`);
  const result = await applyDemoGiftCard(token, text);
  if (result.status === 'refused') redirect(`/demo-checkout/${token}/?gift=${result.reason}`);
  redirect(`/demo-checkout/${token}/`);
}
