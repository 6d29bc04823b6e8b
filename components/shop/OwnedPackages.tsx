import { signedInCustomer } from '@/components/account/signed-in';
import { sessionLocation } from '@/lib/booking/book-again';
import { servicesOfPackage } from '@/lib/booking/packages';
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
 * 'Book a session' of a package with sessions left: a plain form (it works before the scripts run) whose route puts
 * the service in the cart and opens the booking page, where the package covers it. Left out when the service is not
 * booked online anywhere. An upstream's package names no service: its offer's one service (a bundle's are listed).
 */
function BookSession({ pkg }: { pkg: CustomerPackage }) {
  const services = pkg.serviceId ? [pkg.serviceId] : servicesOfPackage(pkg.pkgId);
  const service = services.length === 1 ? services[0]! : undefined;
  if (!pkg.hasSessionsLeft || !service || sessionLocation(service, []) === undefined) return null;
  return (
    <form method="post" action="/account/book-session/" className="mt-1 mb-2">
      <input type="hidden" name="service" value={service} />
      <button
        type="submit"
        aria-label={`Book a session: ${serviceById(service)?.name ?? 'Service'}`}
        className="min-h-11 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700"
      >
        Book a session
      </button>
    </form>
  );
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
                  <BookSession pkg={services[0]!} />
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
                      <BookSession pkg={pkg} />
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
