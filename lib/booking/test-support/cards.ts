import { allServiceItems, isOfferedAt } from '@/lib/catalog/catalog';
import type { ServiceItem } from '@/lib/catalog/schema';
import type { AppointmentCardInput } from '../card-schema';

/** Women's wax items bookable at SoHo (area 1). */
export const WAX = allServiceItems().filter((i) => i.svcType === 1 && i.gen === 0);
/** A women's wax item that comes in multi-session packages. */
export const WAX_WITH_PACKAGE = WAX.find((i) => i.spkg.some((o) => o.pvType === 3))!;
export const PACKAGE_OF = (item: ServiceItem) => item.spkg.find((o) => o.pvType === 3)!;
/** The first women's item of an area that SoHo (location 1) books online. */
export const FIRST_ITEM_OF_AREA = (areaId: number) => allServiceItems().find((i) => i.areaId === areaId && i.gen === 0 && isOfferedAt(1, i.svcType))!;

export interface AreaChoice {
  areaId?: number;
  therapist?: number;
  date: string;
  items?: readonly ServiceItem[];
  pkgId?: string;
  note?: string;
}

/** An appointment card as the booking page posts it (prices and names are not sent: the server knows them). */
export function cardFor(areas: readonly AreaChoice[], header: Record<string, unknown> = {}): AppointmentCardInput {
  return {
    header: { location: '1', gender: '0', ...header },
    svcAreas: areas.map((a) => {
      const areaId = a.areaId ?? 1;
      const items = a.items ?? [WAX[0]!];
      const types = new Map<number, ServiceItem[]>();
      for (const item of items) types.set(item.svcType, [...(types.get(item.svcType) ?? []), item]);
      return {
        areaId,
        svcTherapist: a.therapist ?? 0,
        svcDate: a.date,
        svcNote: a.note ?? '',
        svcTypes: [...types].map(([svcTypeId, list]) => ({
          svcTypeId,
          svcArray: list.map((item) => ({
            id: item.id,
            serviceTypeId: item.svcType,
            gen: item.gen,
            areaId,
            duration: 1,
            ...(a.pkgId ? { pkgId: a.pkgId, isPackage: true } : {}),
          })),
        })),
      };
    }),
    pkgAvailable: [],
  };
}
