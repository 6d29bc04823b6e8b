import Link from '@/components/ui/AppLink';
import { Suspense } from 'react';
import { formatMoneyCents, formatUsd } from '@/lib/catalog/format';
import { giftCardDollarsOfSku } from '@/lib/gift-cards/amounts';
import { depositReference, type DemoCheckoutView } from '@/lib/shopify/demo/checkout';
import { BookBoughtServices } from './BookBoughtServices';
import { boughtServices } from './bought-services';
import { ClearPaidCart } from './ClearPaidCart';
import { OwnedPackages } from './OwnedPackages';
import { PayButton } from './PayButton';

export const GIFT_CARD_REFUSALS = ['invalid', 'spent', 'empty'] as const;
export type GiftCardRefusal = (typeof GIFT_CARD_REFUSALS)[number];

const REFUSAL_TEXT: Record<GiftCardRefusal, string> = {
  invalid: 'That gift card code is not valid. Check it against the mail and try again.',
  spent: 'That gift card has no balance left.',
  empty: 'Type the gift card code first.',
};

interface Props {
  view: DemoCheckoutView;
  cartId: string;
  pay: (data: FormData) => Promise<void>;
  applyGiftCard?: (data: FormData) => Promise<void>;
  giftCardRefusal?: GiftCardRefusal;
  changed?: boolean;
}

/**
 * The demo storefront's hosted checkout: what Shopify's checkout page shows (lines, discount, gift cards, total), a
 * gift-card field, and a 'Pay' button that completes the order without any card, since no money moves in the demo.
 */
export function DemoCheckout({ view, cartId, pay, applyGiftCard, giftCardRefusal, changed = false }: Props) {
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
    const onlyGiftCards = order.lines.every((line) => giftCardDollarsOfSku(line.sku) !== undefined);
    const giftCardsPaid = order.giftCards.reduce((sum, card) => sum + card.cents, 0);
    if (onlyGiftCards) {
      return (
        <div className="space-y-4" role="status">
          <PaidOrderHead checkoutId={cartId} order={order} />
          <p className="wrap-anywhere">
            Total paid: {formatUsd(order.total)}. The gift card code is on its way to {order.email ?? 'the address given'}, with how to use it.
          </p>
          <p>
            <Link href="/gift-cards/" className="font-semibold text-brand-700 underline">
              Gift cards
            </Link>
          </p>
        </div>
      );
    }
    return (
      <div className="space-y-4" role="status">
        <PaidOrderHead checkoutId={cartId} order={order} />
        <p>
          Total paid: {formatUsd(order.total)}
          {giftCardsPaid > 0 ? `, of which gift cards paid ${formatMoneyCents(giftCardsPaid)}` : ''}. The sessions are in your account, ready to book.
        </p>
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
          {view.giftCards.map((card) => (
            <tr key={card.lastCharacters}>
              <th scope="row" colSpan={2} className="font-normal">
                Gift card ending {card.lastCharacters} ({formatMoneyCents(card.keptCents)} stays on it)
              </th>
              <td className="text-right">−{formatMoneyCents(card.usedCents)}</td>
            </tr>
          ))}
          {view.giftCards.length > 0 ? (
            <tr>
              <th scope="row" colSpan={2} className="font-semibold">
                To pay
              </th>
              <td className="text-right font-semibold" data-testid="checkout-to-pay">
                {formatMoneyCents(view.toPayCents)}
              </td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      {applyGiftCard && view.acceptsGiftCards ? (
        <form action={applyGiftCard} className="space-y-2">
          <label htmlFor="gift-card-code" className="block font-semibold">
            Gift card code
          </label>
          <div className="flex gap-2">
            <input
              id="gift-card-code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-describedby={giftCardRefusal ? 'gift-card-refusal' : undefined}
              aria-invalid={giftCardRefusal ? true : undefined}
              className="min-w-0 flex-1 rounded-md border border-stone-400 px-3 py-2"
            />
            <button type="submit" className="rounded-full border border-brand-700 px-4 py-2 font-semibold text-brand-700">
              Apply
            </button>
          </div>
          {giftCardRefusal ? (
            <p id="gift-card-refusal" role="alert" className="text-sm font-semibold text-red-800">
              {REFUSAL_TEXT[giftCardRefusal]}
            </p>
          ) : null}
          {view.giftCards.length > 0 ? (
            <button type="submit" name="remove" value="1" className="text-sm text-brand-700 underline">
              Remove gift cards
            </button>
          ) : null}
        </form>
      ) : null}
      {view.lines.length > 0 ? (
        <form action={pay}>
          <input type="hidden" name="shown" value={view.fingerprint} />
          <PayButton total={formatUsd(view.toPayCents / 100)} />
        </form>
      ) : (
        <p>This checkout has no items.</p>
      )}
    </div>
  );
}

type PaidOrder = Extract<DemoCheckoutView, { status: 'paid' }>['order'];

/** The top of a paid order's receipt: the cart cleared, the thanks and the lines bought. */
function PaidOrderHead({ checkoutId, order }: { checkoutId: string; order: PaidOrder }) {
  return (
    <>
      <ClearPaidCart checkoutId={checkoutId} />
      <p className="text-lg font-semibold">Thank you! Order {order.name} is paid.</p>
      <ul className="list-disc pl-6">
        {order.lines.map((line) => (
          <li key={line.sku}>
            {line.title} × {line.quantity}
          </li>
        ))}
      </ul>
    </>
  );
}
