import Link from 'next/link';

/** Placeholder until the client-state stores land: the sign-in link only. */
export function HeaderActions() {
  return (
    <Link href="/signin/" className="text-sm font-semibold text-brand-700 underline">
      Sign in
    </Link>
  );
}
