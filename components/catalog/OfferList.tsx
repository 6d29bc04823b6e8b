import Link from '@/components/ui/AppLink';
import { formatUsd, pricePerSession } from '@/lib/catalog/format';
import type { PackageOffer } from '@/lib/catalog/schema';
import { offerPath } from '@/lib/content/catalog-pages';

/** The package and bundle offers of one service, each with its price and saving, linking to its own page. */
export function OfferList({ offers, serviceName }: { offers: readonly PackageOffer[]; serviceName: string }) {
  if (offers.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-semibold">Packages and bundles with {serviceName}</p>
      <ul className="mt-1 space-y-1 text-sm">
        {offers.map((offer) => {
          const sessions = offer.pvType === 4 ? 1 : offer.pvQtyCombined;
          return (
            <li key={offer.pvId} className="flex flex-wrap items-baseline gap-x-2">
              <Link href={offerPath(offer)} prefetch={false} className="rounded text-brand-700 underline">
                {offer.pvTitle}
              </Link>
              <span>
                {formatUsd(offer.pvPrice)}
                {offer.discPrcentage ? ` (${offer.discPrcentage}% off)` : ''}
                {offer.pvType === 3 && sessions > 1 ? `, ${formatUsd(pricePerSession(offer.pvPrice, sessions))} a session` : ''}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

