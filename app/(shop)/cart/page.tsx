import type { Metadata } from 'next';
import { Suspense } from 'react';
import Link from '@/components/ui/AppLink';
import { ShopCartLines } from '@/components/shop/ShopCartPage';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { personalState } from '@/lib/persistence/personal-state';
import { cartLines, cartRefusal, offeredItem } from '@/lib/shopify/cart-forms';

export const metadata: Metadata = { title: 'Shopping cart', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function Cart({ searchParams }: Props) {
  const [{ shop }, query] = await Promise.all([personalState(), searchParams]);
  const lines = cartLines(shop.pvItems);
  // Buy, posted while the cart holds another item: asked here whether to replace it.
  const offer = offeredItem(query.offer);
  const offered = offer && lines.length > 0 && !lines.some((line) => line.pvId.toLowerCase() === offer.pvId.toLowerCase()) ? offer : undefined;
  return <ShopCartLines lines={lines} refusal={cartRefusal(query.error)} offer={offered} />;
}

/**
 * The shopping cart as a page: where the header's Shopping Cart goes before the page's scripts run (the drawer
 * after), and a cart that works without them (lib/shopify/cart-forms.ts).
 */
export default function CartPage({ searchParams }: Props) {
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-semibold">Shopping cart</h1>
      <Suspense fallback={<LoadingStatus>Loading your cart…</LoadingStatus>}>
        <Cart searchParams={searchParams} />
      </Suspense>
      <p className="mt-8 text-sm">
        <Link href="/specials/" prefetch={false} className="font-semibold text-brand-700 underline">
          See packages and bundles
        </Link>
      </p>
    </section>
  );
}
