import type { Metadata } from 'next';
import { CheckoutResume } from '@/components/shop/CheckoutResume';
import { NoScriptNotice } from '@/components/ui/NoScriptNotice';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } };

/** Where CHECK OUT (and sign-in with ?url=/checkout/) lands: the checkout starts here and hands over to the shop. */
export default function CheckoutPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-semibold">Checkout</h1>
      <NoScriptNotice what="The checkout" task="buy a package or bundle" />
      <CheckoutResume />
    </section>
  );
}
