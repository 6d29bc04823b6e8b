import { Suspense } from 'react';
import Link from '@/components/ui/AppLink';
import { GiftCardForm } from '@/components/shop/GiftCardForm';
import { GIFT_CARD_FORM } from '@/components/shop/gift-card-form-names';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { backend } from '@/lib/backend';
import { readFormFlash } from '@/lib/forms/flash';
import { GIFT_CARD_MAX_DOLLARS, GIFT_CARD_MIN_DOLLARS } from '@/lib/gift-cards/amounts';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata = pageMetadata({
  title: 'Gift cards',
  description: `Digital gift cards from $${GIFT_CARD_MIN_DOLLARS} to $${GIFT_CARD_MAX_DOLLARS}, mailed at once, for packages, deposits and any treatment at our salons.`,
  path: '/gift-cards/',
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function Buy({ searchParams }: Props) {
  // A front has no database: it sells the default amounts (the upstream's own page has the owner's).
  const [amounts, user] = await Promise.all([backend().giftCardAmounts(), backend().sessionUser()]);
  const answer = await readFormFlash(GIFT_CARD_FORM, (await searchParams).form);
  return <GiftCardForm amounts={amounts} email={user?.email ?? ''} answer={answer} />;
}

/** Digital gift cards, sold through the shop's checkout as its gift-card product; the store issues and mails the code. */
export default function GiftCardsPage({ searchParams }: Props) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">Gift cards</h1>
        <p>
          A digital gift card for any treatment, package or bundle at our salons. Choose the amount, pay at our shop’s checkout, and the code
          arrives by e-mail straight away.
        </p>
      </div>
      <section id="buy" aria-labelledby="buy-title" className="scroll-mt-18 flex flex-col gap-4 rounded-xl border border-brand-100 p-4 sm:p-6">
        <h2 id="buy-title" className="text-xl font-semibold">
          Buy a gift card
        </h2>
        <Suspense fallback={<LoadingStatus>Loading the amounts…</LoadingStatus>}>
          <Buy searchParams={searchParams} />
        </Suspense>
      </section>
      <section aria-labelledby="use-title" className="flex flex-col gap-3">
        <h2 id="use-title" className="text-xl font-semibold">
          How to use a gift card
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Packages and bundles</strong>: at the shop’s checkout, type the code in the gift card field. The card pays as much of the
            order as its balance allows; you pay the rest by card.
          </li>
          <li>
            <strong>Deposits</strong>: when a booking asks for a deposit, the same checkout takes the code.
          </li>
          <li>
            <strong>At the salon</strong>: give the code at the reception of any of our locations, for any treatment.
          </li>
          <li>What an order does not use stays on the card for the next one. A gift card cannot pay for another gift card.</li>
        </ul>
        <p>
          <Link href="/gift-cards-policy/" className="font-semibold text-brand-700 underline">
            Gift cards policy
          </Link>
        </p>
      </section>
    </div>
  );
}
