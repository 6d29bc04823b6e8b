import { specialsPath } from '@/lib/catalog/routes';
import { offerGender, offerHeading, offerKind, offerPath, type OfferKind } from '@/lib/content/catalog-pages';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import type { GroupedPackage } from '@/lib/catalog/catalog';
import { OfferCard } from './OfferCard';
import { OfferHowItWorks } from './OfferHowItWorks';

export function OfferDetail({ offer }: { offer: GroupedPackage; kind: OfferKind }) {
  const gender = offerGender(offer);
  const heading = offerHeading(offer);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs
        trail={[
          { name: `${gender === 0 ? "Women's" : "Men's"} specials`, path: specialsPath(gender) },
          { name: heading, path: offerPath(offer) },
        ]}
      />
      <h1 className="mt-3 text-3xl font-bold">{heading}</h1>
      <p className="mt-3 text-lg">{offer.pvDescription}</p>
      <div className="mt-6 max-w-md">
        <OfferCard offer={offer} headingLevel={2} linkTitle={false} priorityImage />
      </div>
      <OfferHowItWorks kind={offerKind(offer)} />
    </div>
  );
}
