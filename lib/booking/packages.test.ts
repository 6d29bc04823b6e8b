import { closeDb, getDb } from '@/lib/db';
import { signedIn } from '@/lib/booking/test-support/fixtures';
import { PACKAGE_OF, WAX_WITH_PACKAGE } from '@/lib/booking/test-support/cards';
import { createTempDataDir } from '@/lib/test-support/temp-data-dir';
import { creditPackage, ownedPackages, packageAvailability } from './packages';

jest.setTimeout(120_000);
createTempDataDir('salon-packages-');
afterAll(closeDb);

describe('creditPackage', () => {
  it('credits sessions of a package to a customer, adding up on a repeat order', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    const offer = PACKAGE_OF(WAX_WITH_PACKAGE);
    const first = await creditPackage(me.userId, offer.pvId, offer.pvQtyCombined);
    expect(first).toEqual([expect.objectContaining({ pkgId: offer.pvId.toLowerCase(), serviceId: WAX_WITH_PACKAGE.id, sessionsLeft: offer.pvQtyCombined })]);
    await creditPackage(me.userId, offer.pvId.toUpperCase(), 2);
    const owned = await ownedPackages(db, me.userId);
    expect(owned).toHaveLength(1);
    expect(owned[0]!.sessionsTotal).toBe(offer.pvQtyCombined + 2);
    expect(packageAvailability(owned)).toEqual([{ pkgId: offer.pvId.toLowerCase(), isPkgUsed: false }]);
  });

  it('refuses unknown packages, bad ids and session counts', async () => {
    const db = await getDb();
    const me = await signedIn(db);
    await expect(creditPackage(me.userId, '00000000-0000-4000-8000-000000000000', 3)).rejects.toMatchObject({ status: 422, code: 'unknown_package' });
    await expect(creditPackage('nope', PACKAGE_OF(WAX_WITH_PACKAGE).pvId, 3)).rejects.toMatchObject({ status: 422 });
    await expect(creditPackage(me.userId, PACKAGE_OF(WAX_WITH_PACKAGE).pvId, 0)).rejects.toMatchObject({ status: 422 });
    expect(await ownedPackages(db, me.userId)).toEqual([]);
  });
});
