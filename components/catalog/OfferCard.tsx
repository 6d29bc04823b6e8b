import Link from '@/components/ui/AppLink';
import { BuyButton } from '@/components/shop/BuyButton';
import { formatServiceDuration, formatUsd, pricePerSession } from '@/lib/catalog/format';
import type { GroupedPackage } from '@/lib/catalog/catalog';
import { bundleServiceLabel, offerKind, offerOriginalPrice, offerPath, offerSessions } from '@/lib/content/catalog-pages';
import { catalogPhoto } from '@/lib/photos/catalog-photo';
import { CatalogImage } from './CatalogImage';
import { Price } from './Price';

/** A package or bundle: original price, discount, price and price per session, its services, and 'Buy'. */
export function OfferCard({ offer, headingLevel = 2, linkTitle = true, priorityImage = false }: { offer: GroupedPackage; headingLevel?: 2 | 3; linkTitle?: boolean; priorityImage?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const kind = offerKind(offer);
  const original = offerOriginalPrice(offer);
  const sessions = offerSessions(offer);
  return (
    <article className="offer" aria-labelledby={`offer-${offer.pvId}`}>
      <CatalogImage lg={offer.lg} category={kind === 'bundle' ? 'bundles' : 'packages'} className="offer-img" priority={priorityImage} photo={catalogPhoto(offer.pvId)} />
      <div className="offer-body">
        <p className="offer-kind">
          {kind === 'bundle' ? 'Bundle' : `${offer.pvQtyCombined}-session package`}
          {offer.isSpecial ? ' · Featured' : ''}
        </p>
        <Heading id={`offer-${offer.pvId}`} className="offer-title">
          {linkTitle ? (
            <Link href={offerPath(offer)} prefetch={false}>
              {offer.pvTitle}
            </Link>
          ) : (
            offer.pvTitle
          )}
        </Heading>
        <dl className="offer-facts">
          <dt>Price</dt>
          <dd>
            <Price amount={offer.pvPrice} original={original} />
          </dd>
          <dt>Discount</dt>
          <dd>{offer.discPrcentage ? `${offer.discPrcentage}% off (you save ${formatUsd(Math.max(original - offer.pvPrice, 0))})` : 'None'}</dd>
          <dt>{kind === 'bundle' ? 'Per service' : 'Per session'}</dt>
          <dd>{formatUsd(pricePerSession(offer.pvPrice, sessions))}</dd>
        </dl>
        <p className="mt-2 text-sm">Includes:</p>
        <ul className="offer-svcs">
          {offer.psvc.map((svc) => (
            <li key={svc.svcMoniker}>
              <Link href={`/services/${svc.svcMoniker}/`} prefetch={false}>
                {kind === 'bundle' ? bundleServiceLabel(svc) : svc.svcName}
              </Link>{' '}
              ({formatServiceDuration({ duration: svc.svcDuration, svcType: svc.svcType, title: svc.svcName })}, {formatUsd(svc.svcPrice)}
              {kind === 'package' ? ` × ${offer.pvQtyCombined}` : ''})
            </li>
          ))}
        </ul>
        <div className="mt-auto pt-4">
          <BuyButton pvId={offer.pvId} title={offer.pvTitle} />
        </div>
      </div>
    </article>
  );
}
