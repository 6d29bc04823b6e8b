import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import type { ReactNode } from 'react';
import { DeskNav } from '@/components/desk/DeskNav';
import { NotFoundContent } from '@/components/layout/NotFoundContent';
import { SiteFrame } from '@/components/layout/SiteFrame';
import { currentUser } from '@/lib/auth/current-user';
import { isDeskRole, isOwnerRole } from '@/lib/auth/roles';
import { sessionMarks } from '@/lib/persistence/first-paint';
import { personalState } from '@/lib/persistence/personal-state';
import { NoScriptMarks } from '@/stores/saved-state/NoScriptSavedState';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The staff area: the site's header and footer with the desk's navigation. The middleware has already answered a
 * customer with the 404 (status and title) and sent a visitor without a live session to sign in (lib/auth/desk-gate.ts);
 * the role is checked here again, before any desk page renders: a customer gets the 404 page's content and a visitor
 * whose session has ended a sign-in link, both whole in the server HTML, and the desk page itself is never rendered
 * for them (each page checks again with requireStaffPage). Without scripts the header greets the session's account
 * (its <noscript> marks): the first-paint script that does it on other pages cannot run.
 */
export default async function Layout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <SiteFrame frame="desk">
      {user ? <NoScriptMarks marks={sessionMarks(await personalState(), user)} /> : null}
      {isDeskRole(user?.role) ? (
        <>
          <DeskNav owner={isOwnerRole(user?.role)} />
          {children}
        </>
      ) : user ? (
        <NotFoundContent />
      ) : (
        <div className="mx-auto max-w-xl px-4 py-16 text-center">
          <h1 className="text-2xl font-bold">Please sign in</h1>
          <p className="mt-3">The front desk is for the salon&rsquo;s staff.</p>
          <Link href="/signin/?url=%2Fdesk%2F" className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white">
            Sign in
          </Link>
        </div>
      )}
    </SiteFrame>
  );
}

/** Per request, and whole: the session is read before anything of the page is sent. */
export const instant = false;
