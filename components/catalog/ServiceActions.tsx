import { Suspense } from 'react';
import { serviceById } from '@/lib/catalog/catalog';
import { ServiceActionsClient, type ServiceActionsServerState } from '@/components/cart/ServiceActionsClient';
import { personalState } from '@/components/ui/personal-state';
import type { ServiceRef } from '@/stores/card-store';

const NOTHING: ServiceActionsServerState = { favorite: false, booked: false };

async function PersonalServiceActions({ service, serviceName }: { service: ServiceRef; serviceName: string }) {
  const state = await personalState();
  const id = service.id.toLowerCase();
  return <ServiceActionsClient service={service} serviceName={serviceName} server={{ favorite: state.favoriteIds.has(id), booked: state.bookedIds.has(id) }} />;
}

/**
 * 'Add to booking' and the favourite button of one service. The catalogue facts the card needs (area, type, gender,
 * SKU, duration) are read here on the server; the favourite and booked marks are a personal hole.
 */
export function ServiceActions({ serviceId, serviceName }: { serviceId: string; serviceName: string }) {
  const item = serviceById(serviceId);
  if (!item) return null;
  const service: ServiceRef = { id: item.id, areaId: item.areaId, svcTypeId: item.svcType, gen: item.gen, svcId: item.value, duration: item.duration };
  return (
    <Suspense fallback={<ServiceActionsClient service={service} serviceName={serviceName} server={NOTHING} />}>
      <PersonalServiceActions service={service} serviceName={serviceName} />
    </Suspense>
  );
}
