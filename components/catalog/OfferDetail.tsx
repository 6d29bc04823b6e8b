import Link from '@/components/ui/AppLink';
import { specialsPath } from '@/lib/catalog/routes';
import { offerGender, offerKind, type OfferKind } from '@/lib/content/catalog-pages';
import type { GroupedPackage } from '@/lib/catalog/catalog';
import { OfferCard } from './OfferCard';
import { OfferHowItWorks } from './OfferHowItWorks';
import { BuyingNoScriptNotice } from '@/components/ui/NoScriptNotice';

export function OfferDetail({ offer }: { offer: GroupedPackage; kind: OfferKind }) {
  const gender = offerGender(offer);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link href={specialsPath(gender)} className="text-brand-700 underline">
              {gender === 0 ? "Women's" : "Men's"} specials
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li aria-current="page">{offer.pvTitle}</li>
        </ol>
      </nav>
      <h1 className="mt-3 text-3xl font-bold">{offer.pvTitle}</h1>
      <BuyingNoScriptNotice className="mt-3" />
      <p className="mt-3 text-lg">{offer.pvDescription}</p>
      <div className="mt-6 max-w-md">
        <OfferCard offer={offer} headingLevel={2} linkTitle={false} priorityImage />
      </div>
      <OfferHowItWorks kind={offerKind(offer)} />
    </div>
  );
}
