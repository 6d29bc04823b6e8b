import { formatServiceDuration, formatUsd } from '@/lib/catalog/format';
import { servicesPath } from '@/lib/catalog/routes';
import type { ServiceItem } from '@/lib/catalog/schema';
import { getImageProps } from 'next/image';
import { catalogPhoto as publicPhoto } from '@/lib/content/images';
import { stableGuid } from '@/lib/catalog/data/guid';
import { photoSrc } from '@/lib/photos/address';
import { catalogPhoto } from '@/lib/photos/catalog-photo';
import type { RowPhoto, ServiceListRow } from './ServiceList';

function rowPhoto(item: ServiceItem): RowPhoto | undefined {
  // The owner's upload: its 160 px file is sharp at 56 px on a 2x screen, a few kilobytes, no srcset needed.
  const uploaded = catalogPhoto(item.id);
  if (uploaded) return { src: photoSrc(uploaded, Math.min(160, uploaded.width)) };
  const photo = publicPhoto(item.lg);
  if (!photo) return undefined;
  // No 'sizes': a fixed 56 px picture gets 1x and 2x candidates only, not one per device width.
  const { props } = getImageProps({ src: photo, alt: '', width: 56, height: 56 });
  return { src: String(props.src), srcSet: props.srcSet, sizes: props.sizes };
}

/** A service as the menu's client list needs it: what the row shows, what the booking card keeps, its photo. */
export function serviceListRow(item: ServiceItem, locationSlug?: string): ServiceListRow {
  const photo = rowPhoto(item);
  const row: ServiceListRow = [
    item.id === stableGuid(item.value) ? '' : item.id,
    item.name,
    servicesPath(item.moniker, locationSlug),
    `${formatServiceDuration(item)} · `,
    item.price === 0 ? 'Free' : formatUsd(item.price),
    item.areaId,
    item.svcType,
    item.gen,
    item.value,
    item.duration,
  ];
  if (photo) row.push(photo);
  return row;
}
