import { formatMoneyCents } from '@/lib/catalog/format';
import { durationHint } from '@/lib/menu/duration-hint';
import { Field, FormMessage, FormStatus } from '@/components/account/Field';
import { SERVICE_TYPES } from '@/lib/catalog/data';
import { MAX_SERVICE_MINUTES, MIN_SERVICE_MINUTES, SERVICE_MINUTES_STEP } from '@/lib/catalog/schema';
import { PACKAGE_SIZES, SERVICE_TYPE_LABELS, TABS, tabIdForFlag } from '@/lib/catalog/tables';
import { depositFor, describeDepositRule, type DepositRule } from '@/lib/deposits/rule';
import type { FlashState } from '@/lib/forms/flash';
import { formatCents, priceFieldValue } from '@/lib/menu/money';
import { BUNDLE_MAX_SERVICES, DESC_MAX, DISCOUNT_PERCENTS, NAME_MAX, OFFER_NAME_MAX } from '@/lib/menu/schemas';
import type { OfferView, ServiceView } from '@/lib/menu/views';
import { ReopenLink } from '../ReopenLink';
import { createOfferAction, createServiceAction, retireOfferAction, retireServiceAction, saveOfferAction, saveServiceAction } from '../menu-actions';
import { dangerButton, genderWord, LocationChecks, primaryButton, TextAreaField } from './MenuParts';
import { OfferPriceFields, type ServiceOption } from './OfferPriceFields';
import { ServicePriceField, type FollowingOffer } from './ServicePriceField';
import { SubmitButton } from '../SubmitButton';

/** The menu editor's forms: server actions that post with or without scripts (components/desk/menu-actions.ts). */

const errorsOf = (answer?: FlashState) => (answer?.outcome === 'error' ? answer.fields : {});
const valuesOf = (answer?: FlashState) => (answer?.outcome === 'error' ? answer.values : undefined);

export function Answer({ answer }: { answer?: FlashState }) {
  if (!answer) return null;
  return answer.outcome === 'error' ? <FormMessage message={answer.message} /> : <FormStatus message={answer.message} />;
}

function DurationField({ id, defaultValue, error, hint }: { id: string; defaultValue: string; error?: string; hint: string }) {
  return (
    <Field
      id={id}
      name="duration"
      label="Duration (minutes)"
      hint={hint}
      type="number"
      inputMode="numeric"
      min={MIN_SERVICE_MINUTES}
      max={MAX_SERVICE_MINUTES}
      step={SERVICE_MINUTES_STEP}
      required
      defaultValue={defaultValue}
      error={error}
      className="w-32 rounded border border-gray-500 px-3 py-2 aria-invalid:border-red-700"
    />
  );
}

/** A service's name, description, price, duration and where it books online. */
export function ServiceEditForm({ service, offers, answer }: { service: ServiceView; offers: readonly OfferView[]; answer?: FlashState }) {
  const errors = errorsOf(answer);
  const typed = valuesOf(answer);
  const following: FollowingOffer[] = offers
    .filter((offer) => !offer.retired)
    .map((offer) => ({
      id: offer.id,
      name: offer.name,
      sessions: offer.kind === 'package' ? offer.sessions : 1,
      discountPercent: offer.discount,
      fullPrice: offer.fullPrice,
      // A bundle's other services; a service in a bundle twice is not possible (the API refuses it).
      otherUnits: offer.services.filter((member) => member.id !== service.id).map((member) => member.price),
      price: offer.price,
    }));
  return (
    <form action={saveServiceAction} noValidate aria-labelledby="edit-service-heading" id="edit-service" className="flex scroll-mt-20 flex-col gap-4 rounded-lg border border-stone-200 p-4">
      <h2 id="edit-service-heading" className="text-xl font-bold">
        Edit {service.name}
      </h2>
      <input type="hidden" name="id" value={service.id} />
      <input type="hidden" name="updatedAt" value={typed?.updatedAt ?? service.updatedAt} />
      <Answer answer={answer} />
      <ReopenLink answer={answer} href={`${service.editHref}#edit-service`} name={service.name} />
      <Field id="service-name" name="name" label="Name" maxLength={NAME_MAX} required defaultValue={typed?.name ?? service.name} error={errors.name} hint="Its page keeps its address when the name changes." />
      <TextAreaField id="service-desc" name="desc" label="Description" maxLength={DESC_MAX} defaultValue={typed?.desc ?? service.desc ?? ''} error={errors.desc} hint={`At most ${DESC_MAX} characters; the first sentence shows in the compact menu.`} />
      <ServicePriceField defaultValue={typed?.price ?? priceFieldValue(service.price)} error={errors.price} offers={following} />
      <DurationField id="service-duration" defaultValue={typed?.duration ?? String(service.duration)} error={errors.duration} hint={durationHint(service)} />
      <LocationChecks idPrefix="service" checked={typed ? (typed.bookableAt ?? '').split(',') : service.bookableAt} error={errors.bookableAt} />
      <DepositFields deposit={service.deposit} price={service.price} typed={typed} error={errors.deposit} />
      <SubmitButton className={primaryButton}>
        Save changes
      </SubmitButton>
    </form>
  );
}

/**
 * Whether online booking asks for a deposit, and how much: none, a fixed amount in whole dollars, or a percentage of
 * the price (rounded up to the dollar). All three choices and both amounts show without scripts.
 */
function DepositFields({ deposit, price, typed, error }: { deposit: DepositRule | null; price: number; typed?: Record<string, string>; error?: string }) {
  const kind = typed?.depositKind ?? deposit?.kind ?? 'none';
  const amount = typed?.depositAmount ?? (deposit?.kind === 'fixed' ? String(deposit.cents / 100) : '');
  const percent = typed?.depositPercent ?? (deposit?.kind === 'percent' ? String(deposit.percent) : '');
  const now = deposit ? `Now: ${describeDepositRule(deposit)}, ${formatMoneyCents(depositFor(deposit, price))} at today's price.` : 'Now: no deposit.';
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'service-deposit-hint service-deposit-error' : 'service-deposit-hint'}>
      <legend className="font-semibold">Deposit for online booking</legend>
      <p id="service-deposit-hint" className="text-sm text-gray-700">
        Paid at the shop&apos;s checkout when a customer books it online; a package session covering it needs none. {now}
      </p>
      <div className="flex items-center gap-2">
        <input id="service-deposit-none" type="radio" name="depositKind" value="none" defaultChecked={kind === 'none'} className="h-5 w-5" />
        <label htmlFor="service-deposit-none">No deposit</label>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input id="service-deposit-fixed" type="radio" name="depositKind" value="fixed" defaultChecked={kind === 'fixed'} className="h-5 w-5" />
        <label htmlFor="service-deposit-fixed">A fixed amount, in whole dollars:</label>
        <input
          id="service-deposit-amount"
          name="depositAmount"
          aria-label="Deposit amount in dollars"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={amount}
          aria-invalid={error && kind === 'fixed' ? true : undefined}
          className="w-28 rounded border border-gray-500 px-3 py-2 aria-invalid:border-red-700"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input id="service-deposit-percent" type="radio" name="depositKind" value="percent" defaultChecked={kind === 'percent'} className="h-5 w-5" />
        <label htmlFor="service-deposit-percent">A percentage of the price:</label>
        <input
          id="service-deposit-percentage"
          name="depositPercent"
          aria-label="Deposit as a percentage of the price"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={percent}
          aria-invalid={error && kind === 'percent' ? true : undefined}
          className="w-20 rounded border border-gray-500 px-3 py-2 aria-invalid:border-red-700"
        />
        <span aria-hidden="true">%</span>
      </div>
      {error ? (
        <p id="service-deposit-error" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The tab and type of a new service: one select, optgroups by gender and tab ('0:1' is women's wax). */
function typeOptions() {
  return ([0, 1] as const).flatMap((gen) =>
    TABS.filter((tab) => tab.name !== 'favorites').flatMap((tab) => {
      const types = SERVICE_TYPES.filter((type) => type.gen === gen && tabIdForFlag(type.id) === tab.id);
      return types.length === 0 ? [] : [{ label: `${genderWord(gen)} · ${tab.label}`, options: types.map((type) => ({ value: `${gen}:${type.id}`, label: `${genderWord(gen)} · ${SERVICE_TYPE_LABELS[type.id]}` })) }];
    }),
  );
}

export function NewServiceForm({ answer, defaultType, back }: { answer?: FlashState; defaultType: string; back: string }) {
  const errors = errorsOf(answer);
  const typed = valuesOf(answer);
  return (
    <form action={createServiceAction} noValidate aria-labelledby="add-service-heading" id="add-service" className="flex scroll-mt-20 flex-col gap-4 rounded-lg border border-stone-200 p-4">
      <h2 id="add-service-heading" className="text-xl font-bold">
        Add a service
      </h2>
      <p className="text-sm text-gray-800">Its page address is made from its name and never changes, nor is it given to another service.</p>
      <input type="hidden" name="back" value={back} />
      <Answer answer={answer} />
      <div className="flex flex-col gap-1">
        <label htmlFor="new-type" className="font-semibold">
          Tab and type
        </label>
        <select
          id="new-type"
          name="type"
          defaultValue={typed?.type ?? defaultType}
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={errors.type ? 'new-type-error' : undefined}
          className="min-w-0 max-w-full rounded border border-gray-500 bg-white px-3 py-2"
        >
          {typeOptions().map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {errors.type ? (
          <p id="new-type-error" className="text-sm font-semibold text-red-800">
            {errors.type}
          </p>
        ) : null}
      </div>
      <Field id="new-name" name="name" label="Name" maxLength={NAME_MAX} required defaultValue={typed?.name} error={errors.name} />
      <TextAreaField id="new-desc" name="desc" label="Description (optional)" maxLength={DESC_MAX} defaultValue={typed?.desc} error={errors.desc} />
      <Field id="new-price" name="price" label="Price (USD)" inputMode="decimal" autoComplete="off" required defaultValue={typed?.price} error={errors.price} hint="In dollars, like 70 or 70.50." className="w-40 rounded border border-gray-500 px-3 py-2 aria-invalid:border-red-700" />
      <DurationField id="new-duration" defaultValue={typed?.duration ?? '30'} error={errors.duration} hint={durationHint()} />
      <LocationChecks idPrefix="new" checked={typed ? (typed.bookableAt ?? '').split(',') : ['soho']} error={errors.bookableAt} />
      <SubmitButton className={primaryButton}>
        Add to the menu
      </SubmitButton>
    </form>
  );
}

/** What retiring a service does, said before it is done; the button that does it. */
export function RetireServicePanel({
  service,
  impact,
  menuHref,
}: {
  service: ServiceView;
  impact: { upcomingVisits: number; heldSessions: { customers: number; sessions: number }; packages: readonly OfferView[]; bundles: readonly OfferView[] };
  menuHref: string;
}) {
  const blocked = impact.bundles.length > 0;
  return (
    <div className="mt-2 flex flex-col gap-3 rounded-lg border border-red-700 bg-red-50 p-4" role="group" aria-labelledby="retire-confirm-heading">
      <h3 id="retire-confirm-heading" className="font-semibold">
        Retire {service.name}?
      </h3>
      <ul className="list-disc pl-5">
        <li>It leaves the menus, the search, the specials and the sitemap, and can no longer be booked, online or at the desk.</li>
        <li>Its page sends visitors to the {service.tabLabel.toLowerCase()} menu for {genderWord(service.gender).toLowerCase()}.</li>
        <li>
          {impact.upcomingVisits === 0
            ? 'No visits to come hold it.'
            : `${impact.upcomingVisits} booked visit${impact.upcomingVisits === 1 ? '' : 's'} to come keep${impact.upcomingVisits === 1 ? 's' : ''} it, at the price booked.`}
        </li>
        {impact.packages.length > 0 ? <li>Its packages are retired with it: {impact.packages.map((offer) => offer.name).join(', ')}.</li> : null}
        {impact.heldSessions.customers > 0 ? (
          <li>
            {impact.heldSessions.customers} customer{impact.heldSessions.customers === 1 ? '' : 's'} still hold{impact.heldSessions.customers === 1 ? 's' : ''} {impact.heldSessions.sessions} unused session
            {impact.heldSessions.sessions === 1 ? '' : 's'} of it, which can then no longer be booked.
          </li>
        ) : null}
        <li>Its name, address and code stay with it: no new service is given them.</li>
      </ul>
      {blocked ? (
        <p className="font-semibold">
          It cannot be retired while {impact.bundles.length === 1 ? 'a bundle holds' : 'bundles hold'} it: take it out of {impact.bundles.map((offer) => offer.name).join(', ')} first, or retire{' '}
          {impact.bundles.length === 1 ? 'that bundle' : 'them'}.
        </p>
      ) : (
        <form action={retireServiceAction} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="id" value={service.id} />
          <SubmitButton className={dangerButton} pendingText="Retiring…">
            Retire {service.name}
          </SubmitButton>
          <a href={menuHref} className="font-semibold text-brand-800 underline">
            Keep it
          </a>
        </form>
      )}
    </div>
  );
}

const sessionChoices = [...PACKAGE_SIZES];

/** A new package of the service, its price worked out as the owner chooses. */
export function NewPackageForm({ service, answer }: { service: ServiceView; answer?: FlashState }) {
  const errors = errorsOf(answer);
  const typed = valuesOf(answer);
  return (
    <form action={createOfferAction} noValidate aria-labelledby="add-package-heading" id="add-package" className="flex scroll-mt-20 flex-col gap-4 rounded-lg border border-stone-200 p-4">
      <h3 id="add-package-heading" className="text-lg font-bold">
        Add a package of {service.name}
      </h3>
      <input type="hidden" name="kind" value="package" />
      <input type="hidden" name="serviceId" value={service.id} />
      <Answer answer={answer} />
      <OfferPriceFields
        kind="package"
        idPrefix="new-package"
        sessions={Number(typed?.sessions) || 3}
        sessionChoices={sessionChoices}
        discount={typed ? (typed.discount === '' || typed.discount === undefined ? null : Number(typed.discount)) : 10}
        discountChoices={DISCOUNT_PERCENTS}
        fullPrice={typed?.fullPrice === 'on'}
        unitPrice={service.price}
        errors={errors}
      />
      <SubmitButton className={primaryButton}>
        Add the package
      </SubmitButton>
    </form>
  );
}

/** The live services a bundle may hold, for its selects: one gender, grouped by tab. */
export function bundleOptions(services: readonly ServiceView[], gender: 0 | 1): ServiceOption[] {
  return services
    .filter((service) => !service.retired && service.gender === gender)
    .map((service) => ({ id: service.id, label: `${service.name} (${service.typeLabel}) · ${formatCents(service.price)}`, price: service.price, group: service.tabLabel }));
}

function slotsFor(selected: readonly string[]): string[] {
  const count = Math.min(Math.max(4, selected.length + 1), BUNDLE_MAX_SERVICES);
  return Array.from({ length: count }, (_, i) => selected[i] ?? '');
}

export function NewBundleForm({ gender, options, answer }: { gender: 0 | 1; options: readonly ServiceOption[]; answer?: FlashState }) {
  const errors = errorsOf(answer);
  const typed = valuesOf(answer);
  return (
    <form action={createOfferAction} noValidate aria-labelledby="add-bundle-heading" id="add-bundle" className="flex scroll-mt-20 flex-col gap-4 rounded-lg border border-stone-200 p-4">
      <h2 id="add-bundle-heading" className="text-xl font-bold">
        Add a bundle for {genderWord(gender).toLowerCase()}
      </h2>
      <p className="text-sm text-gray-800">Several services sold as one, at the sum of their prices less the discount.</p>
      <input type="hidden" name="kind" value="bundle" />
      <Answer answer={answer} />
      <Field id="new-bundle-name" name="name" label="Name" maxLength={OFFER_NAME_MAX} required defaultValue={typed?.name} error={errors.name} />
      <TextAreaField id="new-bundle-desc" name="desc" label="Description" maxLength={DESC_MAX} required defaultValue={typed?.desc} error={errors.desc} />
      <OfferPriceFields
        kind="bundle"
        idPrefix="new-bundle"
        sessions={1}
        sessionChoices={sessionChoices}
        discount={typed?.discount ? Number(typed.discount) : null}
        discountChoices={DISCOUNT_PERCENTS}
        fullPrice={typed?.fullPrice === 'on'}
        options={options}
        selected={slotsFor(typed?.serviceIds ? typed.serviceIds.split(',') : [])}
        errors={errors}
      />
      <SubmitButton className={primaryButton}>
        Add the bundle
      </SubmitButton>
    </form>
  );
}

/** A package's or bundle's numbers and words. */
export function OfferEditForm({ offer, options, answer }: { offer: OfferView; options: readonly ServiceOption[]; answer?: FlashState }) {
  const errors = errorsOf(answer);
  const typed = valuesOf(answer);
  const discount = typed ? (typed.discount ? Number(typed.discount) : null) : offer.discount;
  return (
    <form action={saveOfferAction} noValidate aria-labelledby="edit-offer-heading" id="edit-offer" className="flex scroll-mt-20 flex-col gap-4 rounded-lg border border-stone-200 p-4">
      <h2 id="edit-offer-heading" className="text-xl font-bold">
        Edit {offer.name}
      </h2>
      <input type="hidden" name="id" value={offer.id} />
      <input type="hidden" name="kind" value={offer.kind} />
      <input type="hidden" name="updatedAt" value={typed?.updatedAt ?? offer.updatedAt} />
      <Answer answer={answer} />
      <ReopenLink answer={answer} href={`${offer.editHref}#edit-offer`} name={offer.name} />
      <Field id="offer-name" name="name" label="Name" maxLength={OFFER_NAME_MAX} required defaultValue={typed?.name ?? offer.name} error={errors.name} />
      <TextAreaField id="offer-desc" name="desc" label="Description" maxLength={DESC_MAX} required defaultValue={typed?.desc ?? offer.desc} error={errors.desc} />
      <OfferPriceFields
        kind={offer.kind}
        idPrefix="offer"
        sessions={Number(typed?.sessions) || offer.sessions}
        sessionChoices={sessionChoices}
        discount={discount}
        discountChoices={DISCOUNT_PERCENTS}
        fullPrice={typed ? typed.fullPrice === 'on' : offer.fullPrice}
        unitPrice={offer.services[0]?.price}
        options={options}
        selected={slotsFor(typed?.serviceIds ? typed.serviceIds.split(',') : offer.services.map((service) => service.id))}
        errors={errors}
      />
      <SubmitButton className={primaryButton}>
        Save changes
      </SubmitButton>
    </form>
  );
}

export function RetireOfferPanel({ offer, heldSessions, backHref }: { offer: OfferView; heldSessions: { customers: number; sessions: number }; backHref: string }) {
  return (
    <div className="mt-2 flex flex-col gap-3 rounded-lg border border-red-700 bg-red-50 p-4" role="group" aria-labelledby="retire-offer-heading">
      <h3 id="retire-offer-heading" className="font-semibold">
        Retire {offer.name}?
      </h3>
      <ul className="list-disc pl-5">
        <li>It leaves the specials, its services&rsquo; pages and the shop; its own page is no longer found.</li>
        <li>
          {heldSessions.customers === 0
            ? 'No customer holds unused sessions of it.'
            : `${heldSessions.customers} customer${heldSessions.customers === 1 ? '' : 's'} still hold${heldSessions.customers === 1 ? 's' : ''} ${heldSessions.sessions} unused session${heldSessions.sessions === 1 ? '' : 's'} of it; they can no longer book them against it.`}
        </li>
        <li>Its code {offer.sku} and address stay with it{offer.kind === 'package' ? ': adding a package of the same sessions brings it back.' : '.'}</li>
      </ul>
      <form action={retireOfferAction} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="id" value={offer.id} />
        <SubmitButton className={dangerButton} pendingText="Retiring…">
          Retire {offer.name}
        </SubmitButton>
        <a href={backHref} className="font-semibold text-brand-800 underline">
          Keep it
        </a>
      </form>
    </div>
  );
}

