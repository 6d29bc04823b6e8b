import { formatMoneyCents } from '@/lib/catalog/format';
import type { FlashState } from '@/lib/forms/flash';
import { buyGiftCardAction } from './gift-card-actions';

/**
 * The gift-card form: one amount of the owner's list and the address the code is mailed to, posted by the browser
 * itself (a server action), so it works before and without the page's scripts. Its answer is the shop's checkout.
 */
export function GiftCardForm({ amounts, email, answer }: { amounts: readonly number[]; email: string; answer: FlashState | undefined }) {
  const chosen = answer?.values.dollars ?? String(amounts.includes(100) ? 100 : amounts[0]);
  const emailError = answer?.fields.email;
  const amountError = answer?.fields.dollars;
  const formError = answer?.outcome === 'error' && !emailError && !amountError ? answer.message : undefined;
  return (
    <form action={buyGiftCardAction} className="flex flex-col gap-4" noValidate>
      <fieldset aria-describedby={amountError ? 'gift-card-amount-error' : undefined}>
        <legend className="mb-2 font-semibold">Amount</legend>
        <div className="grid grid-cols-3 gap-2">
          {amounts.map((dollars) => (
            <label key={dollars} className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-brand-200 px-3 py-3 has-checked:border-brand-700 has-checked:bg-brand-50">
              <input type="radio" name="dollars" value={dollars} defaultChecked={String(dollars) === chosen} className="accent-brand-700" />
              {formatMoneyCents(dollars * 100).replace('.00', '')}
            </label>
          ))}
        </div>
        {amountError ? (
          <p id="gift-card-amount-error" className="mt-2 text-sm font-semibold text-red-800">
            {amountError}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor="gift-card-email" className="font-semibold">
          Your e-mail address
        </label>
        <p id="gift-card-email-hint" className="text-sm text-stone-700">
          The code is mailed here after you pay; forward it, or print it, for the person you give it to.
        </p>
        <input
          id="gift-card-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={answer?.values.email ?? email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'gift-card-email-hint gift-card-email-error' : 'gift-card-email-hint'}
          className="rounded-md border border-stone-400 px-3 py-2"
        />
        {emailError ? (
          <p id="gift-card-email-error" className="text-sm font-semibold text-red-800">
            {emailError}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 font-semibold text-amber-950">
          {formError}
        </p>
      ) : null}
      {answer?.outcome === 'error' && (emailError || amountError) ? (
        <p role="alert" className="sr-only">
          {answer.message}
        </p>
      ) : null}
      <button type="submit" className="rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-800">
        Buy a gift card
      </button>
    </form>
  );
}
