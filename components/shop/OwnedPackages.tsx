import { signedInCustomer } from '@/components/account/signed-in';
import type { CustomerPackage } from '@/lib/booking/signed-in-customer';
import { allGroupedPackages } from '@/lib/catalog/catalog';

/** '2 of 3 sessions left', or without counts (an upstream salon API says only whether any are left). */
function sessionsText(pkg: CustomerPackage): string {
  if (pkg.sessionsLeft === null || pkg.sessionsTotal === null) return pkg.hasSessionsLeft ? 'sessions left' : 'all sessions used';
  return `${pkg.sessionsLeft} of ${pkg.sessionsTotal} ${pkg.sessionsTotal === 1 ? 'session' : 'sessions'} left`;
}

/**
 * The signed-in customer's packages with the sessions left (what paid orders credited). Reads the session (the
 * local database, or the upstream salon API in proxy mode): render it inside <Suspense>.
 */
export async function OwnedPackages() {
  const customer = await signedInCustomer();
  if (!customer) return null;
  const owned = customer.packages;
  const titles = new Map(allGroupedPackages().map((offer) => [offer.pvId.toLowerCase(), offer.pvTitle]));
  return (
    <section aria-labelledby="owned-packages-heading" className="space-y-2">
      <h2 id="owned-packages-heading" className="text-lg font-semibold">
        Your packages
      </h2>
      {owned.length === 0 ? (
        <p>No packages yet.</p>
      ) : (
        <ul className="list-disc pl-6">
          {owned.map((pkg) => (
            <li key={pkg.pkgId}>
              {titles.get(pkg.pkgId.toLowerCase()) ?? 'Package'}: {sessionsText(pkg)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
