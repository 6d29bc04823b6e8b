import { allGroupedPackages } from '@/lib/catalog/catalog';
import { PACKAGE_TYPE } from '@/lib/catalog/tables';
import { boughtServices } from './bought-services';

describe('boughtServices (the paid page\'s Book a session)', () => {
  it("gives a package's service and each of a bundle's services, once, with what the booking cart files them by", () => {
    const offers = allGroupedPackages();
    const bundle = offers.find((offer) => offer.pvType === PACKAGE_TYPE.BUNDLE && offer.psvc.length > 1)!;
    const pkg = offers.find((offer) => offer.pvType !== PACKAGE_TYPE.BUNDLE)!;
    const fromBundle = boughtServices([bundle.pvSku]);
    expect(fromBundle.map(({ name }) => name).sort()).toEqual(bundle.psvc.map((svc) => svc.svcName).sort());
    const [single] = boughtServices([pkg.pvSku, pkg.pvSku, 'NOT-A-SKU']);
    expect(boughtServices([pkg.pvSku])).toHaveLength(1);
    expect(single).toEqual({
      name: pkg.psvc[0]!.svcName,
      service: { id: expect.any(String), areaId: expect.any(Number), svcTypeId: pkg.psvc[0]!.svcType, gen: expect.any(Number), svcId: expect.any(String), duration: pkg.psvc[0]!.svcDuration },
    });
  });
});
