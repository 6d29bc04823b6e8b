import Link from '@/components/ui/AppLink';
import type { OfferKind } from '@/lib/content/catalog-pages';

/**
 * The rules every package (or every bundle) shares, said once on its page, so that each offer's own description can
 * say what is particular to it.
 */
export function OfferHowItWorks({ kind }: { kind: OfferKind }) {
  const unit = kind === 'bundle' ? 'service' : 'session';
  return (
    <section aria-labelledby="how-it-works" className="mt-8">
      <h2 id="how-it-works" className="text-xl font-bold">
        How {kind}s work
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>Buy the {kind} online; its {unit}s are added to your account.</li>
        <li>Book each {unit} online whenever it suits you, once the {kind} is in your account.</li>
        <li>Use your {unit}s at any of our locations that offer the service.</li>
        <li>
          Read our{' '}
          <Link href="/sales-and-refunds/" className="text-brand-700 underline">
            sales and refunds policy
          </Link>{' '}
          for how unused {unit}s are handled.
        </li>
      </ol>
    </section>
  );
}
