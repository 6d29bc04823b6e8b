import { currentUser } from '@/lib/auth/current-user';
import { ownedPackages } from '@/lib/booking/packages';
import { allGroupedPackages } from '@/lib/catalog/catalog';
import { getDb } from '@/lib/db';

/**
 * The signed-in customer's packages with the sessions left (what paid orders credited). Reads the session cookie
 * and the database: render it inside <Suspense>.
 */
export async function OwnedPackages() {
  const user = await currentUser();
  if (!user) return null;
  const owned = await ownedPackages(await getDb(), user.id);
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
              {titles.get(pkg.pkgId.toLowerCase()) ?? 'Package'}: {pkg.sessionsLeft} of {pkg.sessionsTotal}{' '}
              {pkg.sessionsTotal === 1 ? 'session' : 'sessions'} left
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
