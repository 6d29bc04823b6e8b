import { ApiError } from '@/lib/api/errors';
import { resetCatalogSnapshot, seedSnapshot, setCatalogSnapshot } from '@/lib/catalog/snapshot';
import { resolveTarget } from './target';

/** The seed's Brazilian wax, its bookable locations replaced. */
function waxBookableAt(locations: number[]) {
  const seed = seedSnapshot();
  const wax = seed.services.find((item) => item.moniker === 'womens-brazilian-wax')!;
  setCatalogSnapshot({ ...seed, version: 1, bookableAt: new Map([...seed.bookableAt, [wax.id, locations as never]]) });
  return wax;
}

function refusal(run: () => unknown): { status: number; message: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  return undefined;
}

describe('resolveTarget and the services of the cart', () => {
  afterEach(resetCatalogSnapshot);

  it('offers a service where it is bookable online', () => {
    const wax = waxBookableAt([1]);
    expect(resolveTarget('soho', wax.areaId, 0, { serviceIds: [wax.id] }).candidates.length).toBeGreaterThan(0);
  });

  it('refuses times for a service the owner made bookable nowhere, in the sentence a location change says', () => {
    const wax = waxBookableAt([]);
    expect(refusal(() => resolveTarget('soho', wax.areaId, 0, { serviceIds: [wax.id.toUpperCase()] }))).toEqual({
      status: 404,
      message: `${wax.name} is not offered in SoHo online: please take it out of your booking.`,
    });
  });

  it('refuses a service bookable at another location only; the desk may still book it where a therapist does it', () => {
    const wax = waxBookableAt([2]);
    expect(refusal(() => resolveTarget('1', wax.areaId, 0, { serviceIds: [wax.id] }))?.message).toBe(`${wax.name} is not offered in SoHo online: please take it out of your booking.`);
    expect(refusal(() => resolveTarget('1', wax.areaId, 0, { channel: 'desk', serviceIds: [wax.id] }))).toBeUndefined();
  });
});
