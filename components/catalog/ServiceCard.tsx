import Link from 'next/link';
import { ServiceActions } from './ServiceActions';
import { CatalogImage } from './CatalogImage';
import { OfferList } from './OfferList';
import { Price } from './Price';
import { VideoEmbed } from './VideoEmbed';
import { formatServiceDuration } from '@/lib/catalog/format';
import { servicesPath } from '@/lib/catalog/routes';
import type { ServiceItem } from '@/lib/catalog/schema';
import { TABS, tabIdForFlag, type ServiceTypeFlag } from '@/lib/catalog/tables';

/** One service of the menu: name, duration, price, description, picture, video, offers and the booking buttons. */
export function ServiceCard({
  item,
  locationSlug,
  headingLevel = 3,
  linkName = true,
  priorityImage = false,
}: {
  item: ServiceItem;
  locationSlug?: string;
  headingLevel?: 2 | 3;
  linkName?: boolean;
  priorityImage?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const category = TABS[tabIdForFlag(item.svcType as ServiceTypeFlag)].name;
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-brand-100 p-4 sm:flex-row" aria-labelledby={`svc-${item.id}`}>
      <CatalogImage lg={item.lg} category={category} priority={priorityImage} />
      <div className="flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <Heading id={`svc-${item.id}`} className="text-lg font-semibold">
            {linkName ? (
              <Link href={servicesPath(item.moniker, locationSlug)} prefetch={false} className="rounded hover:underline">
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </Heading>
          <p className="text-sm">
            <span>{formatServiceDuration(item)}</span>
            <span aria-hidden="true"> · </span>
            <Price amount={item.price} className="text-base" />
          </p>
        </div>
        {item.desc ? <p className="mt-1 text-sm leading-relaxed text-gray-800">{item.desc}</p> : null}
        {item.mid ? <VideoEmbed src={item.mid} title={item.name} /> : null}
        <OfferList offers={item.spkg} serviceName={item.name} />
        <div className="mt-3">
          <ServiceActions serviceId={item.id} serviceName={item.name} />
        </div>
      </div>
    </article>
  );
}
