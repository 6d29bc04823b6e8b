import { currentUser } from '@/lib/auth/current-user';
import { ownedPackages, type OwnedPackage } from '@/lib/booking/packages';
import { allGroupedPackages, serviceById } from '@/lib/catalog/catalog';
import { PACKAGE_TYPE } from '@/lib/catalog/tables';
import { getDb } from '@/lib/db';

const sessionsLeft = (pkg: OwnedPackage) => `${pkg.sessionsLeft} of ${pkg.sessionsTotal} ${pkg.sessionsTotal === 1 ? 'session' : 'sessions'} left`;

/**
 * The signed-in customer's packages with the sessions left (what paid orders credited); a bundle with each of its
 * services and what is left of it. Reads the session cookie and the database: render it inside <Suspense>.
 */
export async function OwnedPackages() {
  const user = await currentUser();
  if (!user) return null;
  const owned = await ownedPackages(await getDb(), user.id);
  const offers = new Map(allGroupedPackages().map((offer) => [offer.pvId.toLowerCase(), offer]));
  const groups = new Map<string, OwnedPackage[]>();
  for (const pkg of owned) groups.set(pkg.pkgId, [...(groups.get(pkg.pkgId) ?? []), pkg]);
  return (
    <section aria-labelledby="owned-packages-heading" className="space-y-2">
      <h2 id="owned-packages-heading" className="text-lg font-semibold">
        Your packages
      </h2>
      {owned.length === 0 ? (
        <p>No packages yet.</p>
      ) : (
        <ul className="list-disc space-y-1 pl-6">
          {[...groups].map(([pkgId, services]) => {
            const offer = offers.get(pkgId);
            const title = offer?.pvTitle ?? 'Package';
            if (offer?.pvType !== PACKAGE_TYPE.BUNDLE) {
              return (
                <li key={pkgId}>
                  {title}: {sessionsLeft(services[0]!)}
                </li>
              );
            }
            return (
              <li key={pkgId}>
                {title} bundle:
                <ul aria-label={`${title} bundle`} className="list-[circle] pl-6">
                  {services.map((pkg) => (
                    <li key={pkg.serviceId}>
                      {serviceById(pkg.serviceId)?.name ?? 'Service'}: {sessionsLeft(pkg)}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
