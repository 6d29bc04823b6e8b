import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { NoScriptNotice } from '@/components/ui/NoScriptNotice';
import { DemoCheckout, GIFT_CARD_REFUSALS, type GiftCardRefusal } from '@/components/shop/DemoCheckout';
import { isDemoShop } from '@/lib/shopify';
import { demoCheckoutView } from '@/lib/shopify/demo/checkout';
import { applyDemoGiftCardCode, payDemoOrder } from './actions';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } };

type Props = { params: Promise<{ cartId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function Checkout({ params, searchParams }: Props) {
  const { cartId } = await params;
  if (!isDemoShop()) notFound();
  const view = await demoCheckoutView(cartId);
  const query = await searchParams;
  const changed = query.changed === '1';
  const gift = typeof query.gift === 'string' && GIFT_CARD_REFUSALS.includes(query.gift as GiftCardRefusal) ? (query.gift as GiftCardRefusal) : undefined;
  return (
    <DemoCheckout
      view={view}
      cartId={`gid://shopify/Cart/${cartId}`}
      pay={payDemoOrder.bind(null, cartId)}
      applyGiftCard={applyDemoGiftCardCode.bind(null, cartId)}
      giftCardRefusal={gift}
      changed={changed}
    />
  );
}

export default function DemoCheckoutPage({ params, searchParams }: Props) {
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-semibold">Checkout</h1>
      <NoScriptNotice what="The checkout" task="pay for your order" />
      <Suspense fallback={<LoadingStatus>Loading your order…</LoadingStatus>}>
        <Checkout params={params} searchParams={searchParams} />
      </Suspense>
    </section>
  );
}
