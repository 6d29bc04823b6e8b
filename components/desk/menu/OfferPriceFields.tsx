'use client';

import { useState } from 'react';
import { offerPrice } from '@/lib/catalog/offer-price';
import { formatCents } from '@/lib/menu/money';

export interface ServiceOption {
  id: string;
  /** 'Brazilian · $75'. */
  label: string;
  price: number;
  /** The optgroup: 'Waxing', 'Laser Hair Removal'. */
  group: string;
}

interface Props {
  kind: 'package' | 'bundle';
  idPrefix: string;
  sessions: number;
  sessionChoices: readonly number[];
  discount: number | null;
  discountChoices: readonly number[];
  fullPrice: boolean;
  /** A package's service price. */
  unitPrice?: number;
  /** A bundle's choices and the service in each of its slots ('' for none). */
  options?: readonly ServiceOption[];
  selected?: readonly string[];
  errors: Record<string, string>;
}

function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm font-semibold text-red-800">
      {text}
    </p>
  ) : null;
}

const selectClass = 'min-w-0 max-w-full rounded border border-gray-500 bg-white px-3 py-2 aria-invalid:border-red-700';

/**
 * The numbers of a package or bundle and its price, worked out as the owner chooses them with the same offerPrice
 * the server saves (lib/catalog/offer-price.ts). The fields post with the form; without scripts the price shown is the
 * one saved, and the answer to the form shows the new one.
 */
export function OfferPriceFields(props: Props) {
  const { kind, idPrefix, errors } = props;
  const [sessions, setSessions] = useState(props.sessions);
  const [discount, setDiscount] = useState<number | null>(props.discount);
  const [fullPrice, setFullPrice] = useState(props.fullPrice);
  const [slots, setSlots] = useState<string[]>([...(props.selected ?? [])]);
  const byId = new Map((props.options ?? []).map((option) => [option.id, option]));
  const units = kind === 'package' ? [props.unitPrice ?? 0] : slots.flatMap((id) => (byId.has(id) ? [byId.get(id)!.price] : []));
  const price = offerPrice({ unitPrices: units, sessions: kind === 'package' ? sessions : 1, discountPercent: discount, fullPrice });
  const groups = [...new Set((props.options ?? []).map((option) => option.group))];
  const errorId = (field: string) => `${idPrefix}-${field}-error`;
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {});

  return (
    <>
      {kind === 'package' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-sessions`} className="font-semibold">
            Sessions
          </label>
          <select id={`${idPrefix}-sessions`} name="sessions" value={sessions} onChange={(event) => setSessions(Number(event.target.value))} className={`${selectClass} w-40`} {...invalid('sessions')}>
            {props.sessionChoices.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 (first visit)' : n}
              </option>
            ))}
          </select>
          <ErrorText id={errorId('sessions')} text={errors.sessions} />
        </div>
      ) : (
        <fieldset className="flex min-w-0 flex-col gap-2" {...(errors.serviceIds ? { 'aria-describedby': errorId('serviceIds') } : {})}>
          <legend className="font-semibold">Services in the bundle</legend>
          <ErrorText id={errorId('serviceIds')} text={errors.serviceIds} />
          {slots.map((value, index) => (
            <div key={index} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={`${idPrefix}-service-${index}`} className="text-sm">
                Service {index + 1}
                {index >= 2 ? ' (optional)' : ''}
              </label>
              <select
                id={`${idPrefix}-service-${index}`}
                name="serviceIds"
                value={value}
                onChange={(event) => setSlots((current) => current.map((slot, i) => (i === index ? event.target.value : slot)))}
                className={selectClass}
              >
                <option value="">None</option>
                {groups.map((group) => (
                  <optgroup key={group} label={group}>
                    {(props.options ?? [])
                      .filter((option) => option.group === group)
                      .map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.label}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-discount`} className="font-semibold">
          Discount
        </label>
        <select
          id={`${idPrefix}-discount`}
          name="discount"
          value={discount === null ? '' : String(discount)}
          onChange={(event) => setDiscount(event.target.value === '' ? null : Number(event.target.value))}
          className={`${selectClass} w-40`}
          {...invalid('discount')}
        >
          <option value="">None</option>
          {props.discountChoices.map((percent) => (
            <option key={percent} value={percent}>
              {percent}% off
            </option>
          ))}
        </select>
        <ErrorText id={errorId('discount')} text={errors.discount} />
      </div>
      <div className="flex items-start gap-2">
        <input id={`${idPrefix}-full-price`} type="checkbox" name="fullPrice" checked={fullPrice} onChange={(event) => setFullPrice(event.target.checked)} className="mt-1 h-5 w-5" />
        <label htmlFor={`${idPrefix}-full-price`}>Sell at the full price (the discount is named but not taken off)</label>
      </div>
      <p className="rounded border border-brand-100 bg-brand-50 p-3" aria-live="polite" data-testid={`${idPrefix}-price`}>
        <span className="font-semibold">Price: {formatCents(price.price)}</span>
        <span className="block text-sm">
          {kind === 'package' ? `${sessions} × ${formatCents(units[0] ?? 0)} = ${formatCents(price.original)}` : `${units.length} services: ${formatCents(price.original)}`}
          {discount !== null && !fullPrice ? `, less ${discount}% (saves ${formatCents(price.saving)})` : ''}; {formatCents(price.perSession)} a {kind === 'package' ? 'session' : 'service'}
        </span>
      </p>
    </>
  );
}
