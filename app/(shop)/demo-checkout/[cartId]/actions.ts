'use server';

import { redirect } from 'next/navigation';
import { isDemoShop } from '@/lib/shopify';
import { payDemoCheckout } from '@/lib/shopify/demo/checkout';
import { DEMO_TOKEN_PATTERN } from '@/lib/shopify/demo/store';

/** 'Pay' on the demo checkout: completes the order (once) and shows the paid page. */
export async function payDemoOrder(token: string): Promise<void> {
  if (!isDemoShop() || typeof token !== 'string' || !DEMO_TOKEN_PATTERN.test(token)) redirect('/specials/');
  const result = await payDemoCheckout(token);
  if (result.status === 'paid' && result.outcome.status === 'ignored') console.error(`[shop] demo order: ${result.outcome.reason}`);
  redirect(`/demo-checkout/${token}/`);
}
