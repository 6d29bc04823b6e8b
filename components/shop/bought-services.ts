import { servicesOfPackage } from '@/lib/booking/packages';
import { allGroupedPackages, serviceById } from '@/lib/catalog/catalog';
import type { BoughtService } from '@/stores/booking-location';

/**
 * The services of a paid order's packages and bundles (by their skus), each once, with what the booking cart needs to
 * file them; read on the server, so the catalogue stays out of the page's JavaScript.
 */
export function boughtServices(skus: readonly string[]): BoughtService[] {
  const offers = new Map(allGroupedPackages().map((offer) => [offer.pvSku, offer]));
  const ids = [...new Set(skus.flatMap((sku) => (offers.has(sku) ? servicesOfPackage(offers.get(sku)!.pvId) : [])))];
  return ids.flatMap((id) => {
    const item = serviceById(id);
    return item ? [{ service: { id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration }, name: item.name }] : [];
  });
}
