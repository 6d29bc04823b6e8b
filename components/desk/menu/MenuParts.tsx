import type { ReactNode, TextareaHTMLAttributes } from 'react';
import Link from '@/components/ui/AppLink';
import { formatDuration } from '@/lib/catalog/format';
import { LOCATIONS, TABS, type LocationSlug } from '@/lib/catalog/tables';
import { formatCents } from '@/lib/menu/money';
import type { OfferView, ServiceView } from '@/lib/menu/views';

/** Server-rendered pieces of the menu editor's pages: no scripts needed, forms post by themselves. */

export const MENU_TABS = TABS.filter((tab) => tab.name !== 'favorites');

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
}

export function TextAreaField({ id, name, label, hint, error, ...area }: TextAreaProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="rounded border border-gray-500 px-3 py-2 aria-invalid:border-red-700"
        {...area}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** 'Bookable online at' as one checkbox per location. */
export function LocationChecks({ idPrefix, checked, error }: { idPrefix: string; checked: readonly string[]; error?: string }) {
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? `${idPrefix}-where-error` : `${idPrefix}-where-hint`}>
      <legend className="font-semibold">Bookable online at</legend>
      <p id={`${idPrefix}-where-hint`} className="text-sm text-gray-700">
        Customers book it online at the locations ticked.
      </p>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {LOCATIONS.map((location) => (
          <div key={location.slug} className="flex items-center gap-2">
            <input id={`${idPrefix}-at-${location.slug}`} type="checkbox" name="bookableAt" value={location.slug} defaultChecked={checked.includes(location.slug)} className="h-5 w-5" />
            <label htmlFor={`${idPrefix}-at-${location.slug}`}>{location.name}</label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${idPrefix}-where-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function placeList(slugs: readonly LocationSlug[]): string {
  if (slugs.length === 0) return 'not online';
  return slugs.map((slug) => LOCATIONS.find((location) => location.slug === slug)!.name).join(', ');
}

export const genderWord = (gender: 0 | 1) => (gender === 0 ? 'Women' : 'Men');

/** One service in the finder's list: its name (the link to edit it), type, price, time and where it books online. */
export function ServiceLine({ service }: { service: ServiceView }) {
  return (
    <li className="flex flex-col gap-0.5 p-3">
      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Link href={service.editHref} prefetch={false} className="font-semibold text-brand-800 underline">
          {service.name}
        </Link>
        <span className="font-semibold">{formatCents(service.price)}</span>
      </span>
      <span className="text-sm text-gray-800">
        {genderWord(service.gender)} · {service.tabLabel} · {service.typeLabel} · {formatDuration(service.duration)} · {placeList(service.bookableAt)}
        {service.retired ? ' · Retired' : ''}
      </span>
    </li>
  );
}

/** One package or bundle: its name (the link to edit it), price and what it holds. */
export function OfferLine({ offer }: { offer: OfferView }) {
  return (
    <li className="flex flex-col gap-0.5 p-3">
      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Link href={offer.editHref} prefetch={false} className="font-semibold text-brand-800 underline">
          {offer.name}
        </Link>
        <span className="font-semibold">{formatCents(offer.price)}</span>
      </span>
      <span className="text-sm text-gray-800">
        {offer.kind === 'package' ? `${offer.sessions} session${offer.sessions === 1 ? '' : 's'}` : offer.services.map((s) => s.name).join(' + ')} ·{' '}
        {offer.discount === null ? 'no discount' : `${offer.discount}% off`}
        {offer.fullPrice ? ' (full price)' : ''} · {offer.sku}
        {offer.retired ? ' · Retired' : ''}
      </span>
    </li>
  );
}

export function ListBox({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="mt-2 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
      {children}
    </ul>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const primaryButton = 'self-start rounded-full bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800';
export const secondaryButton = 'self-start rounded-full border border-brand-700 px-5 py-2 font-semibold text-brand-800 hover:bg-brand-50';
export const dangerButton = 'self-start rounded-full bg-red-800 px-6 py-2.5 font-semibold text-white hover:bg-red-900';
