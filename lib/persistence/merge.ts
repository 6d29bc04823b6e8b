import {
  CARD_MAX_PACKAGES,
  CARD_MAX_SERVICES,
  FAVORITES_MAX,
  SHOP_MAX_ITEMS,
  areaDayOf,
  keepChosenTimes,
  type AppointmentCard,
  type CardArea,
  type CardHeader,
  type PersistedShopCart,
  type ServiceLine,
} from './model';

/**
 * Three-way merges of the saved state, for two tabs of one browser that share the cookies: `base` is what this tab
 * last read or wrote, `ours` what its store holds now, `theirs` what another tab has written since. What either side
 * changed since `base` is kept; where both changed one value, this tab's change wins. Pure; no React, no zod.
 */

/** A value one side changed wins; both changed: ours. */
function pick<T>(base: T, ours: T, theirs: T, same: (a: T, b: T) => boolean = Object.is): T {
  return same(ours, base) ? theirs : ours;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const key = (id: string) => id.replace(/[{}]/g, '').toLowerCase();

/** Ids of a list: those added on either side are in, those removed on either side are out, in ours' order. */
export function mergeIds(base: readonly string[], ours: readonly string[], theirs: readonly string[], max = Infinity): string[] {
  const inBase = new Set(base.map(key));
  const inOurs = new Set(ours.map(key));
  const inTheirs = new Set(theirs.map(key));
  const kept = ours.filter((id) => inTheirs.has(key(id)) || !inBase.has(key(id)));
  const added = theirs.filter((id) => !inOurs.has(key(id)) && !inBase.has(key(id)));
  return [...kept, ...added].slice(0, max);
}

export function mergeFavorites(base: readonly string[], ours: readonly string[], theirs: readonly string[]): string[] {
  return mergeIds(base, ours, theirs, FAVORITES_MAX);
}

export function mergeShop(base: PersistedShopCart, ours: PersistedShopCart, theirs: PersistedShopCart): PersistedShopCart {
  return {
    header: {
      customerId: pick(base.header.customerId, ours.header.customerId, theirs.header.customerId),
      checkoutId: pick(base.header.checkoutId, ours.header.checkoutId, theirs.header.checkoutId),
    },
    pvItems: mergeIds(base.pvItems, ours.pvItems, theirs.pvItems, SHOP_MAX_ITEMS),
  };
}

export function mergeLocation(base: number, ours: number, theirs: number): number {
  return pick(base, ours, theirs);
}

interface PlacedLine {
  line: ServiceLine;
  area: CardArea;
}

function linesOf(card: AppointmentCard): Map<string, PlacedLine> {
  const lines = new Map<string, PlacedLine>();
  for (const area of card.svcAreas) for (const type of area.svcTypes) for (const line of type.svcArray) lines.set(key(line.id), { line, area });
  return lines;
}

/** What the cookie keeps of a line besides its id: whether a package covers it. */
const linePackage = (line: ServiceLine | undefined) => (line ? `${line.pkgId ?? ''}/${line.qtyFulfilled}` : undefined);

/** The header fields the cookie carries (the others are this tab's own). */
const SHARED_HEADER_FIELDS = ['customerId', 'aptId', 'location', 'gender', 'customerType', 'status', 'source'] as const satisfies readonly (keyof CardHeader)[];

/**
 * The booking card: services added in either tab are in, services removed in either tab are out; each area's
 * therapist and day, each line's package and each header field as the side that changed it left them; a time this tab
 * chose stays while its area keeps that therapist and day (the cookie carries days only). A gender change empties the
 * card of the other gender's services, as in one tab.
 */
export function mergeCard(base: AppointmentCard, ours: AppointmentCard, theirs: AppointmentCard): AppointmentCard {
  const header = { ...ours.header };
  for (const field of SHARED_HEADER_FIELDS) (header as Record<string, unknown>)[field] = pick(base.header[field], ours.header[field], theirs.header[field]);
  const [baseLines, ourLines, theirLines] = [linesOf(base), linesOf(ours), linesOf(theirs)];

  const chosen: PlacedLine[] = [];
  for (const [id, placed] of ourLines) {
    const their = theirLines.get(id);
    if (!their && baseLines.has(id)) continue; // removed in the other tab
    if (!their) {
      chosen.push(placed);
      continue;
    }
    const basePackage = linePackage(baseLines.get(id)?.line);
    const line = linePackage(placed.line) === basePackage ? { ...placed.line, pkgId: their.line.pkgId, isPackage: their.line.pkgId !== null, qtyFulfilled: their.line.qtyFulfilled } : placed.line;
    chosen.push({ line, area: placed.area });
  }
  for (const [id, placed] of theirLines) if (!ourLines.has(id) && !baseLines.has(id)) chosen.push(placed);

  const svcAreas: CardArea[] = [];
  let count = 0;
  for (const { line, area } of chosen) {
    if (String(line.gen) !== header.gender || count >= CARD_MAX_SERVICES) continue;
    count += 1;
    let merged = svcAreas.find((a) => a.areaId === line.areaId);
    if (!merged) {
      const [b, o, t] = [base, ours, theirs].map((card) => card.svcAreas.find((a) => a.areaId === line.areaId));
      const source = o ?? t ?? area;
      merged = {
        ...source,
        svcTherapist: o && t && b ? pick(b.svcTherapist, o.svcTherapist, t.svcTherapist) : source.svcTherapist,
        svcDate: o && t && b ? pick(areaDayOf(b.svcDate), areaDayOf(o.svcDate), areaDayOf(t.svcDate)) : source.svcDate,
        svcTypes: [],
      };
      svcAreas.push(merged);
    }
    const type = merged.svcTypes.find((t) => t.svcTypeId === line.serviceTypeId);
    if (type) type.svcArray.push(line);
    else merged.svcTypes.push({ svcTypeId: line.serviceTypeId, svcArray: [line] });
  }

  return keepChosenTimes(ours, {
    ...ours,
    header,
    svcAreas,
    pkgAvailable: pick(base.pkgAvailable, ours.pkgAvailable, theirs.pkgAvailable, sameJson).slice(0, CARD_MAX_PACKAGES),
  });
}
