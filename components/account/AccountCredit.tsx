import { formatMoneyCents } from '@/lib/catalog/format';
import { backend } from '@/lib/backend';
import { formatInstantInNewYork } from '@/lib/booking/dates';
import { accountCredit, CREDIT_REASON_TEXT } from '@/lib/deposits/credit-history';
import { creditPaysPackages } from '@/lib/shopify/credit-gift-card';

/**
 * The signed-in customer's account credit (a deposit cancelled in time, a waived fee) and its last movements; nothing
 * for a customer who never had any. Render it inside <Suspense>.
 */
export async function AccountCredit() {
  // The credit is the database's: a front keeps no sessions, and shows none.
  const user = await backend().sessionUser();
  if (!user) return null;
  const statement = await accountCredit(user.id);
  if (!statement) return null;
  return (
    <section aria-labelledby="credit-heading" className="flex flex-col gap-2">
      <h2 id="credit-heading" className="text-2xl font-semibold">
        Account credit
      </h2>
      <p className="text-lg" data-testid="credit-balance">
        {formatMoneyCents(statement.balanceCents)}
      </p>
      <p>
        {creditPaysPackages()
          ? 'Your next deposit or package uses your credit first (for a package, as a gift card applied at the checkout, its code mailed to you), and our receptions take it for any treatment at the salon.'
          : 'Your next deposit uses your credit first, and our receptions take it for any treatment at the salon; packages bought at the shop’s checkout cannot use it yet.'}
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {statement.movements.map((movement, index) => (
          <li key={index}>
            {formatInstantInNewYork(movement.at.toISOString())}: {CREDIT_REASON_TEXT[movement.reason]}, {movement.cents > 0 ? '+' : '−'}
            {formatMoneyCents(Math.abs(movement.cents))}
          </li>
        ))}
      </ul>
    </section>
  );
}
