import Link from '@/components/ui/AppLink';
import type { Profile } from './account-state';

/**
 * What the signed-in page says (app/(account)/signedin/): who is signed in, and the way on, the page they came from
 * first. Rendered per request, with the header's greeting (PersonalFrame), for a browser without scripts, where a
 * catalogue page (one file for everybody) could not show either.
 */
export function SignedInConfirmation({ profile, returnPath }: { profile: Profile; returnPath: string }) {
  const back = returnPath === '/' ? 'Go to the home page' : returnPath === '/account/' ? undefined : 'Carry on where you were';
  return (
    <>
      <p role="status" className="rounded-lg border border-green-700 bg-green-50 p-4 text-lg text-green-900 wrap-anywhere">
        Signed in as <strong>{profile.name || profile.email}</strong>
        {profile.name && profile.email ? ` (${profile.email})` : ''}.
      </p>
      <p className="flex flex-wrap gap-3">
        {back ? (
          <Link href={returnPath} className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
            {back}
          </Link>
        ) : null}
        <Link href="/account/" className="rounded-full border-2 border-brand-700 px-6 py-3 font-semibold text-brand-700">
          Your appointments
        </Link>
      </p>
    </>
  );
}
