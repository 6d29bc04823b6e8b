import { Field } from '@/components/account/Field';
import Link from '@/components/ui/AppLink';
import { allServiceItems } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { AffectedAppointment } from '@/lib/desk/schedule';
import type { FlashState } from '@/lib/forms/flash';
import { decodeServiceBits } from '@/lib/team/service-bits';
import { serviceTree } from '@/lib/team/service-tree';
import { BIO_MAX } from '@/lib/team/therapist-schemas';
import type { TherapistView } from '@/lib/team/therapists';
import { AffectedAppointments, DeskButton, Flash } from './ScheduleParts';
import { ReopenLink } from './ReopenLink';
import { ServiceChecklist } from './ServiceChecklist';
import { retireTherapistAction, saveTherapistAction } from './team-actions';

/**
 * A therapist's form (/desk/team/therapists/new/ and /desk/team/therapists/{id}/): name, short bio, photo, and what
 * they do at each location; on an existing one, retiring, which lists the visits still to come when it is refused.
 */
export function TherapistEditor({ therapist, flash, visitsToCome }: { therapist?: TherapistView; flash?: FlashState; visitsToCome?: readonly AffectedAppointment[] }) {
  const failed = flash?.outcome === 'error' ? flash : undefined;
  const values = failed?.values ?? {};
  const errors = failed?.fields ?? {};
  const live = allServiceItems();
  const order = live.map((item) => item.id);
  // After a refused save the ticks come back from the answer (all of them, or none at a location); otherwise stored.
  const chosen = Object.fromEntries(
    LOCATIONS.map((location) => {
      const bits = values[`bits:${location.slug}`];
      const stored = therapist?.work.find((w) => w.location === location.slug)?.serviceIds ?? [];
      return [location.slug, failed ? decodeServiceBits(order, bits ?? '') : new Set(stored)];
    }),
  );
  const name = therapist?.name;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <p>
        <Link href="/desk/team/#therapists-heading" prefetch={false} className="text-brand-800 underline">
          Back to the team
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{name ? `Edit ${name}` : 'Add a therapist'}</h1>
      <Flash state={flash} />
      {therapist ? <ReopenLink answer={flash} href={`/desk/team/therapists/${therapist.id}/`} name={therapist.name} /> : null}
      <form action={saveTherapistAction} noValidate aria-labelledby="therapist-heading" className="mt-6 flex flex-col gap-4">
        <h2 id="therapist-heading" className="sr-only">
          {name ? `${name}'s details and services` : 'The new therapist'}
        </h2>
        <input type="hidden" name="id" value={therapist?.id ?? ''} />
        {therapist ? <input type="hidden" name="updatedAt" value={values.updatedAt ?? therapist.updatedAt} /> : null}
        <Field name="name" label="Name" autoComplete="off" maxLength={80} defaultValue={values.name ?? therapist?.name} error={errors.name} required />
        <div className="flex flex-col gap-1">
          <label htmlFor="field-bio" className="font-semibold">
            Short bio (optional)
          </label>
          <p id="field-bio-hint" className="text-sm text-gray-700">
            A few sentences for customers, at most {BIO_MAX} characters.
          </p>
          <textarea
            id="field-bio"
            name="bio"
            rows={3}
            maxLength={BIO_MAX}
            defaultValue={values.bio ?? therapist?.bio}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={errors.bio ? 'field-bio-hint field-bio-error' : 'field-bio-hint'}
            className="rounded border border-gray-500 px-3 py-2"
          />
          {errors.bio ? (
            <p id="field-bio-error" className="text-sm font-semibold text-red-800">
              {errors.bio}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={errors.work ? 'work-error' : 'work-hint'} className="flex min-w-0 flex-col gap-2">
          <legend className="font-semibold">Where they work and what they do there</legend>
          <p id="work-hint" className="text-sm text-gray-700">
            Open a location and tick what they do there: a whole area, a whole tab of the menu, or services one by one. A ticked &lsquo;All of …&rsquo;
            holds every service under it; a service added to the menu later is ticked here by hand.
          </p>
          {errors.work ? (
            <p id="work-error" className="text-sm font-semibold text-red-800">
              {errors.work}
            </p>
          ) : null}
          <ServiceChecklist locations={LOCATIONS} tree={serviceTree(live)} chosen={chosen} />
        </fieldset>
        <div>
          <DeskButton>{name ? 'Save changes' : 'Add therapist'}</DeskButton>
        </div>
      </form>

      {therapist ? (
        <section aria-labelledby="retire-heading" className="mt-10 flex flex-col gap-2 rounded-lg border border-stone-300 p-4">
          <h2 id="retire-heading" className="scroll-mt-20 font-semibold">
            Retire {therapist.name}
          </h2>
          <p className="text-stone-700">
            A retired therapist keeps their name on past visits and leaves the team, the rosters and the times customers see. Visits still to come must be moved
            first.
          </p>
          {visitsToCome ? <AffectedAppointments heading={`${therapist.name}'s visits to come`} items={visitsToCome} /> : null}
          <form action={retireTherapistAction}>
            <input type="hidden" name="id" value={therapist.id} />
            <DeskButton variant="secondary">Retire {therapist.name}</DeskButton>
          </form>
        </section>
      ) : null}
    </div>
  );
}
