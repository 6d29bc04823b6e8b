import type { Metadata } from 'next';
import { Flash } from '@/components/desk/ScheduleParts';
import { saveGiftCardAmountsAction } from '@/components/desk/gift-card-actions';
import { DESK_GIFT_CARDS_FORM, DESK_GIFT_CARDS_PAGE } from '@/components/desk/gift-card-form-names';
import Link from '@/components/ui/AppLink';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { getDb } from '@/lib/db';
import { readFormFlash } from '@/lib/forms/flash';
import { GIFT_CARD_MAX_AMOUNTS, GIFT_CARD_MAX_DOLLARS, GIFT_CARD_MIN_DOLLARS, GIFT_CARD_STEP_DOLLARS, giftCardSku } from '@/lib/gift-cards/amounts';
import { giftCardAmounts } from '@/lib/gift-cards/settings';
import { SubmitButton } from '@/components/desk/SubmitButton';

export const metadata: Metadata = { title: 'Gift cards' };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The owner's gift-card amounts: what /gift-cards/ offers, each a variant the shop's gift-card product must have. */
export default async function DeskGiftCardsPage({ searchParams }: { searchParams: Search }) {
  await requireOwnerPage(DESK_GIFT_CARDS_PAGE);
  const flash = await readFormFlash(DESK_GIFT_CARDS_FORM, (await searchParams).form);
  const amounts = await giftCardAmounts(await getDb());
  const error = flash?.fields.amounts;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Gift cards</h1>
      <p className="mt-1 text-stone-700">
        The amounts <Link href="/gift-cards/" className="text-brand-700 underline">/gift-cards/</Link> sells. The shop issues and mails each
        card&rsquo;s code; its gift-card product needs a variant for each amount, with the sku shown below.
      </p>
      <section id="amounts" aria-labelledby="amounts-heading" className="mt-6 scroll-mt-4">
        <h2 id="amounts-heading" className="text-xl font-bold">
          Amounts on sale
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {amounts.map((dollars) => (
            <li key={dollars} className="rounded border border-stone-300 px-2 py-1">
              ${dollars} <span className="text-sm text-stone-600">({giftCardSku(dollars)})</span>
            </li>
          ))}
        </ul>
        <form action={saveGiftCardAmountsAction} className="mt-4 flex max-w-xl flex-col gap-2" noValidate>
          <label htmlFor="gift-card-amounts" className="font-semibold">
            Amounts in dollars
          </label>
          <p id="gift-card-amounts-hint" className="text-sm text-stone-700">
            Up to {GIFT_CARD_MAX_AMOUNTS} amounts between ${GIFT_CARD_MIN_DOLLARS} and ${GIFT_CARD_MAX_DOLLARS}, in steps of ${GIFT_CARD_STEP_DOLLARS},
            separated by commas.
          </p>
          <input
            id="gift-card-amounts"
            name="amounts"
            defaultValue={flash?.values.amounts ?? amounts.join(', ')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'gift-card-amounts-hint gift-card-amounts-error' : 'gift-card-amounts-hint'}
            className="rounded border border-stone-400 px-3 py-2"
          />
          {error ? (
            <p id="gift-card-amounts-error" className="text-sm font-semibold text-red-800">
              {error}
            </p>
          ) : null}
          <SubmitButton className="self-start rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Save amounts
          </SubmitButton>
          <Flash state={flash} />
        </form>
      </section>
    </div>
  );
}
