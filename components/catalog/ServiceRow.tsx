import Link from 'next/link';
import { ServiceActions } from './ServiceActions';
import { CatalogThumbnail } from './CatalogImage';
import { formatServiceDuration, formatUsd } from '@/lib/catalog/format';
import { servicesPath } from '@/lib/catalog/routes';
import type { ServiceItem } from '@/lib/catalog/schema';

/**
 * One service of a menu as a compact row: name (to its page, where the description, packages and bundles are),
 * duration, price, favourite and add. A photo the salon supplied shows as a small thumbnail; none otherwise.
 */
export function ServiceRow({ item, locationSlug }: { item: ServiceItem; locationSlug?: string }) {
  return (
    <li className="svc-row">
      <CatalogThumbnail lg={item.lg} />
      <div className="svc-text">
        <Link href={servicesPath(item.moniker, locationSlug)} prefetch={false} className="svc-name">
          {item.name}
        </Link>
        <p className="svc-meta">
          {formatServiceDuration(item)} · <b>{item.price === 0 ? 'Free' : formatUsd(item.price)}</b>
          {item.spkg.length > 0 ? ' · packages' : ''}
        </p>
      </div>
      <ServiceActions serviceId={item.id} serviceName={item.name} compact />
    </li>
  );
}
