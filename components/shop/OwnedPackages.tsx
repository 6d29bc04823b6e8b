import { signedInCustomer } from '@/components/account/signed-in';
import type { CustomerPackage } from '@/lib/booking/signed-in-customer';
import { allGroupedPackages, serviceById } from '@/lib/catalog/catalog';
import { bundleLabel } from '@/lib/catalog/format';
import { PACKAGE_TYPE } from '@/lib/catalog/tables';

/** '2 of 3 sessions left', or without counts (an upstream salon API says only whether any are left). */
function sessionsText(pkg: CustomerPackage): string {
  if (pkg.sessionsLeft === null || pkg.sessionsTotal === null) return pkg.hasSessionsLeft ? 'sessions left' : 'all sessions used';
  return `${pkg.sessionsLeft} of ${pkg.sessionsTotal} ${pkg.sessionsTotal === 1 ? 'session' : 'sessions'} left`;
}

/**
 * The signed-in customer's packages with the sessions left (what paid orders credited); a bundle with each of its
 * services and what is left of it. Reads the session (the local database, or the upstream salon API in proxy mode):
 * render it inside <Suspense>.
 */
export async function OwnedPackages() {
  const customer = await signedInCustomer();
  if (!customer) return null;
  const owned = customer.packages;
  const offers = new Map(allGroupedPackages().map((offer) => [offer.pvId.toLowerCase(), offer]));
  const groups = new Map<string, CustomerPackage[]>();
  for (const pkg of owned) groups.set(pkg.pkgId.toLowerCase(), [...(groups.get(pkg.pkgId.toLowerCase()) ?? []), pkg]);
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
            // The upstream's answer has no services per bundle: it shows as one line, like a package.
            const perService = services.filter((pkg) => pkg.serviceId !== null);
            if (offer?.pvType !== PACKAGE_TYPE.BUNDLE || perService.length === 0) {
              return (
                <li key={pkgId}>
                  {title}: {sessionsText(services[0]!)}
                </li>
              );
            }
            const label = bundleLabel(title);
            return (
              <li key={pkgId}>
                {label}:
                <ul aria-label={label} className="list-[circle] pl-6">
                  {perService.map((pkg) => (
                    <li key={pkg.serviceId}>
                      {serviceById(pkg.serviceId!)?.name ?? 'Service'}: {sessionsText(pkg)}
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
