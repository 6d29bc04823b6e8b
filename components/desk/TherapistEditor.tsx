import { Field } from '@/components/account/Field';
import Link from '@/components/ui/AppLink';
import { allServiceItems } from '@/lib/catalog/catalog';
import { LOCATIONS } from '@/lib/catalog/tables';
import type { AffectedAppointment } from '@/lib/desk/schedule';
import type { FlashState } from '@/lib/forms/flash';
import { decodeServiceBits } from '@/lib/team/service-bits';
import { serviceTree } from '@/lib/team/service-tree';
import { BIO_MAX } from '@/lib/team/therapist-schemas';
import type { RetirementImpact, TherapistView } from '@/lib/team/therapists';
import { dangerButton } from './menu/MenuParts';
import { AffectedAppointments, DeskButton, Flash } from './ScheduleParts';
import { ReopenLink } from './ReopenLink';
import { ServiceChecklist } from './ServiceChecklist';
import { SubmitButton } from './SubmitButton';
import { retireTherapistAction, saveTherapistAction } from './team-actions';
import { therapistPagePath } from './team-forms';

/**
 * A therapist's form (/desk/team/therapists/new/ and /desk/team/therapists/{id}/): name, short bio, photo, and what
 * they do at each location; on an existing one, retiring: a link to the question (?retire=1, `retirement`), whose
 * 'Yes, retire' does it, and the visits still to come when it is refused.
 */
export function TherapistEditor({
  therapist,
  flash,
  visitsToCome,
  retirement,
}: {
  therapist?: TherapistView;
  flash?: FlashState;
  visitsToCome?: readonly AffectedAppointment[];
  retirement?: RetirementImpact;
}) {
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
          {retirement ? (
            <RetireTherapistPanel therapist={therapist} impact={retirement} />
          ) : (
            <>
              <p className="text-stone-700">
                A retired therapist keeps their name on past visits and leaves the team, the rosters and the times customers see. Visits still to come must be
                moved first.
              </p>
              {visitsToCome ? <AffectedAppointments heading={`${therapist.name}'s visits to come`} items={visitsToCome} /> : null}
              <a href={`${therapistPagePath(therapist.id)}?retire=1#retire-heading`} className="self-start font-semibold text-red-800 underline">
                Retire {therapist.name}…
              </a>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** The question before retiring: what it does, as lib/team/therapists.ts does it, then 'Yes, retire' or 'Keep'. */
export function RetireTherapistPanel({ therapist, impact }: { therapist: Pick<TherapistView, 'id' | 'name'>; impact: RetirementImpact }) {
  const { name } = therapist;
  const visits = impact.visitsToCome.length;
  const keep = `${therapistPagePath(therapist.id)}#retire-heading`;
  return (
    <div role="group" aria-labelledby="retire-confirm-heading" className="flex flex-col gap-3 rounded-lg border border-red-700 bg-red-50 p-4">
      <h3 id="retire-confirm-heading" className="font-semibold">
        Retire {name}?
      </h3>
      <ul className="list-disc pl-5">
        <li>They leave the team, and customers can no longer book them, online or at the desk.</li>
        <li>
          {impact.shifts === 0
            ? 'They have no shifts on the rosters.'
            : `Their ${impact.shifts} weekly shift${impact.shifts === 1 ? '' : 's'} on the rosters ${impact.shifts === 1 ? 'goes' : 'go'}.`}
        </li>
        <li>Past visits keep their name.</li>
        <li>It cannot be undone: a retired therapist cannot be edited or brought back.</li>
      </ul>
      {visits > 0 ? (
        <>
          <p className="font-semibold">
            {name} has {visits} visit{visits === 1 ? '' : 's'} to come: move {visits === 1 ? 'it' : 'them'} to another therapist or cancel {visits === 1 ? 'it' : 'them'}{' '}
            first.
          </p>
          <AffectedAppointments heading={`${name}'s visits to come`} items={impact.visitsToCome} />
          <a href={keep} className="self-start font-semibold text-brand-800 underline">
            Keep
          </a>
        </>
      ) : (
        <form action={retireTherapistAction} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="id" value={therapist.id} />
          <input type="hidden" name="confirmed" value="1" />
          <SubmitButton className={dangerButton} pendingText="Retiring…">
            Yes, retire
          </SubmitButton>
          <a href={keep} className="font-semibold text-brand-800 underline">
            Keep
          </a>
        </form>
      )}
    </div>
  );
}
