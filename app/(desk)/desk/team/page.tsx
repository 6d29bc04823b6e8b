import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { Flash } from '@/components/desk/ScheduleParts';
import { TeamStaff } from '@/components/desk/TeamStaff';
import { TEAM_FORM, therapistPagePath } from '@/components/desk/team-forms';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { formatLongDate } from '@/lib/booking/schedule';
import { utcMsToLocal } from '@/lib/booking/dates';
import { getDb } from '@/lib/db';
import { readFormFlash } from '@/lib/forms/flash';
import { listInvitations, listStaff } from '@/lib/team/staff';
import { listTherapists } from '@/lib/team/therapists';

export const metadata: Metadata = { title: 'Team' };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The owner's team: staff and their roles, invitations, and the therapists customers book. */
export default async function TeamPage({ searchParams }: { searchParams: Search }) {
  const owner = await requireOwnerPage('/desk/team/');
  const params = await searchParams;
  const flash = await readFormFlash(TEAM_FORM, params.form);
  const db = await getDb();
  const [staff, invitations, therapists] = await Promise.all([listStaff(db), listInvitations(db), listTherapists(db)]);
  const working = therapists.filter((t) => !t.retired);
  const retired = therapists.filter((t) => t.retired);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Team</h1>
      <p className="mt-1 text-stone-700">Who works at the desk and what they may do, and the therapists customers book: where each works and what they do there.</p>
      <Flash state={flash} />
      <TeamStaff
        staff={staff}
        invitations={invitations}
        me={owner.id}
        errors={flash?.outcome === 'error' ? flash.fields : {}}
        values={flash?.outcome === 'error' ? flash.values : {}}
      />

      <section aria-labelledby="therapists-heading" className="mt-10 flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="therapists-heading" className="scroll-mt-20 text-xl font-bold">
            Therapists
          </h2>
          <Link href={therapistPagePath('new')} prefetch={false} className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
            Add a therapist
          </Link>
        </div>
        <p className="text-stone-700">
          A therapist is booked only for the services ticked for them at a location; the rosters (
          <Link href="/desk/rosters/" prefetch={false} className="text-brand-800 underline">
            Rosters
          </Link>
          ) say on which days.
        </p>
        <ul className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
          {working.map((therapist) => (
            <li key={therapist.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span className="min-w-0 break-words">
                <strong>{therapist.name}</strong>
                <span className="block text-sm text-stone-700">
                  {therapist.work.map((w) => `${w.locationName}: ${w.serviceIds.length} service${w.serviceIds.length === 1 ? '' : 's'}`).join(' · ') || 'No services yet'}
                </span>
              </span>
              <Link href={therapistPagePath(therapist.id)} prefetch={false} aria-label={`Edit ${therapist.name}`} className="font-semibold text-brand-800 underline">
                Edit
              </Link>
            </li>
          ))}
        </ul>
        {retired.length > 0 ? (
          <details className="rounded-lg border border-stone-200 p-3">
            <summary className="cursor-pointer font-semibold">Retired ({retired.length})</summary>
            <p className="mt-1 text-sm text-stone-700">Kept with their names on past visits; never booked again.</p>
            <ul className="mt-2 flex flex-col gap-1">
              {retired.map((therapist) => (
                <li key={therapist.id}>
                  {therapist.name}
                  {therapist.retiredAt ? `, retired on ${formatLongDate(utcMsToLocal(Date.parse(therapist.retiredAt)).slice(0, 10))}` : ''}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
    </div>
  );
}
