import Link from '@/components/ui/AppLink';
import { backend } from '@/lib/backend';

/**
 * On the sign-in and sign-up pages, for a visitor who is signed in already (a bookmark, Back, a second tab): who they
 * are and the way on, above the form that still lets someone else sign in on this device. A proxy front keeps no
 * sessions of its own, so it says nothing (the upstream's sign-in pages are the salon's).
 */
export async function AlreadySignedIn({ returnPath }: { returnPath: string }) {
  const user = await backend().sessionUser();
  if (!user) return null;
  return (
    <div role="status" className="rounded-lg border border-brand-100 bg-brand-50 p-4 wrap-anywhere">
      <p>
        You are signed in as <strong>{user.name}</strong>
        {user.email ? ` (${user.email})` : ''}.
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 font-semibold">
        <Link href="/account/" className="text-brand-700 underline">
          Go to your account
        </Link>
        {returnPath !== '/' && returnPath !== '/account/' ? (
          <Link href={returnPath} className="text-brand-700 underline">
            Carry on where you were
          </Link>
        ) : null}
      </p>
    </div>
  );
}
