import { serviceById } from '@/lib/catalog/catalog';
import { ServiceActionsClient } from '@/components/cart/ServiceActionsClient';
import type { ServiceRef } from '@/stores/card-store';

/**
 * 'Add to booking' and the favourite button of one service. The catalogue facts the card needs (area, type, gender,
 * SKU, duration) are read here on the server, so the catalogue stays out of the page's JavaScript.
 */
export function ServiceActions({ serviceId, serviceName }: { serviceId: string; serviceName: string }) {
  const item = serviceById(serviceId);
  if (!item) return null;
  const service: ServiceRef = { id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration };
  return <ServiceActionsClient service={service} serviceName={serviceName} />;
}
