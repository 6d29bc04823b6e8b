import Link from '@/components/ui/AppLink';
import { Suspense } from 'react';
import { formatUsd } from '@/lib/catalog/format';
import { depositReference, type DemoCheckoutView } from '@/lib/shopify/demo/checkout';
import { BookBoughtServices } from './BookBoughtServices';
import { boughtServices } from './bought-services';
import { ClearPaidCart } from './ClearPaidCart';
import { OwnedPackages } from './OwnedPackages';
import { PayButton } from './PayButton';

/**
 * The demo storefront's hosted checkout: what Shopify's checkout page shows (lines, discount, total) and a 'Pay'
 * button that completes the order without any card, since no money moves in the demo.
 */
export function DemoCheckout({ view, cartId, pay, changed = false }: { view: DemoCheckoutView; cartId: string; pay: (data: FormData) => Promise<void>; changed?: boolean }) {
  if (view.status === 'gone') {
    return (
      <div className="space-y-4">
        <p>This checkout has ended or does not exist.</p>
        <p>
          <Link href="/specials/" className="font-semibold text-brand-700 underline">
            Back to packages and specials
          </Link>
        </p>
      </div>
    );
  }
  if (view.status === 'paid') {
    const { order } = view;
    const deposit = depositReference(order);
    if (deposit) {
      return (
        <div className="space-y-4" role="status">
          <p className="text-lg font-semibold">Thank you! Your deposit of {formatUsd(order.total)} is paid (order {order.name}).</p>
          <p>
            <Link href={`/booking/confirmation/${deposit}/`} className="font-semibold text-brand-700 underline">
              Your booking
            </Link>
          </p>
        </div>
      );
    }
    return (
      <div className="space-y-4" role="status">
        <ClearPaidCart checkoutId={cartId} />
        <p className="text-lg font-semibold">Thank you! Order {order.name} is paid.</p>
        <ul className="list-disc pl-6">
          {order.lines.map((line) => (
            <li key={line.sku}>
              {line.title} × {line.quantity}
            </li>
          ))}
        </ul>
        <p>Total paid: {formatUsd(order.total)}. The sessions are in your account, ready to book.</p>
        <Suspense fallback={null}>
          <OwnedPackages />
        </Suspense>
        <p className="flex gap-4">
          <Link href="/account/" className="font-semibold text-brand-700 underline">
            Your account
          </Link>
          <BookBoughtServices services={boughtServices(order.lines.map((line) => line.sku))} />
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Demo shop: no card is needed and no money moves. With a Shopify store configured, this page is Shopify&apos;s own
        checkout.
      </p>
      {changed ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 font-semibold text-amber-950">
          This order changed in another tab or window, so nothing was paid. Check it below, then press Pay again.
        </p>
      ) : null}
      {view.email ? <p className="text-sm wrap-anywhere">Contact: {view.email}</p> : null}
      <table className="w-full text-left">
        <caption className="sr-only">Order summary</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
            <th scope="col" className="py-2 text-right">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line) => (
            <tr key={line.sku} className="border-b">
              <td className="py-2">{line.title}</td>
              <td className="py-2 text-right">{line.quantity}</td>
              <td className="py-2 text-right">{formatUsd(line.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-2 font-normal">
              Subtotal
            </th>
            <td className="pt-2 text-right">{formatUsd(view.subtotal)}</td>
          </tr>
          {view.discountCode ? (
            <tr>
              <th scope="row" colSpan={2} className="font-normal">
                Discount {view.discountCode}
              </th>
              <td className="text-right">−{formatUsd(view.discount)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={2} className="pt-2 text-lg font-semibold">
              Total
            </th>
            <td className="pt-2 text-right text-lg font-semibold" data-testid="checkout-total">
              {formatUsd(view.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      {view.lines.length > 0 ? (
        <form action={pay}>
          <input type="hidden" name="shown" value={view.fingerprint} />
          <PayButton total={formatUsd(view.total)} />
        </form>
      ) : (
        <p>This checkout has no items.</p>
      )}
    </div>
  );
}
