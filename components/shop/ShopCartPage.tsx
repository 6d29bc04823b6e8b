import Link from '@/components/ui/AppLink';
import { ONE_ITEM_ALLOWED } from '@/components/cart/messages';
import { formatUsd } from '@/lib/catalog/format';
import type { CartLine } from '@/lib/shopify/cart-forms';

const BUTTON = 'min-h-11 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800';

/**
 * The cart page's list, drawn on the server from the cart's cookie: each item with its price and a Remove form, the
 * subtotal and CHECK OUT, all plain forms (they post before the scripts run, and without them).
 */
export function ShopCartLines({ lines, refusal, offer }: { lines: readonly CartLine[]; refusal?: string; offer?: CartLine }) {
  const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
  // A cart of several items already says why CHECK OUT refused them: that note is the answer, not a second box.
  const oneItemOnly = lines.length > 1;
  const answeredByNote = oneItemOnly && refusal === ONE_ITEM_ALLOWED;
  return (
    <div className="flex flex-col gap-4">
      {refusal && !answeredByNote ? (
        <p role="alert" className="rounded-xl border border-amber-400 bg-amber-50 p-4">
          {refusal}
        </p>
      ) : null}
      {offer ? (
        <section aria-labelledby="cart-offer" className="rounded-xl border border-amber-400 bg-amber-50 p-4">
          <p id="cart-offer" role="alert">
            <strong>{ONE_ITEM_ALLOWED}</strong> Your shopping cart holds {lines.map((line) => line.title).join(' and ')}. Replace{' '}
            {lines.length === 1 ? 'it' : 'them'} with {offer.title}?
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <form method="post" action="/cart/add/">
              <input type="hidden" name="item" value={offer.pvId} />
              <input type="hidden" name="replace" value="1" />
              <button type="submit" className={BUTTON}>
                Replace with {offer.title}
              </button>
            </form>
            <Link href="/cart/" prefetch={false} className="min-h-11 px-2 py-2 font-semibold text-brand-700 underline">
              Keep my cart
            </Link>
          </div>
        </section>
      ) : null}
      {lines.length === 0 ? (
        <p>Your shopping cart is empty.</p>
      ) : (
        <>
          {oneItemOnly ? (
            <p role={answeredByNote ? 'alert' : undefined} className="rounded-xl border border-amber-400 bg-amber-50 p-4">
              <strong>{ONE_ITEM_ALLOWED}</strong> Remove all but the one to buy now, then check out.
            </p>
          ) : null}
          <ul className="divide-y divide-brand-100 border-y border-brand-100">
            {lines.map((line) => (
              <li key={line.pvId} className="flex items-center justify-between gap-3 py-3">
                <span>
                  <span className="font-semibold">{line.title}</span>
                  {line.offered ? (
                    <span className="block">
                      {line.original > line.price ? (
                        <>
                          <del className="text-gray-700">
                            <span className="sr-only">Original price </span>
                            {formatUsd(line.original)}
                          </del>{' '}
                        </>
                      ) : null}
                      <span className="font-semibold text-brand-700">
                        {line.original > line.price ? <span className="sr-only">Discounted price </span> : null}
                        {formatUsd(line.price)}
                      </span>
                    </span>
                  ) : null}
                </span>
                <form method="post" action="/cart/remove/">
                  <input type="hidden" name="item" value={line.pvId} />
                  <button type="submit" className="min-h-11 rounded px-2 py-1 text-brand-700 underline">
                    Remove<span className="sr-only"> {line.title}</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <p className="flex justify-between font-semibold">
            <span>Cart Subtotal</span>
            <span>{formatUsd(subtotal)}</span>
          </p>
          <form method="post" action="/cart/checkout/">
            <button type="submit" className={`${BUTTON} w-full`}>
              CHECK OUT
            </button>
          </form>
        </>
      )}
    </div>
  );
}
