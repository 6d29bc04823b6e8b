'use client';

import { useTypedText } from '@/components/ui/use-typed-text';
import { offerPrice } from '@/lib/catalog/offer-price';
import { formatCents, parsePrice } from '@/lib/menu/money';

/** A package or bundle holding the service, as the price field needs it to show what it would cost. */
export interface FollowingOffer {
  id: string;
  name: string;
  sessions: number;
  discountPercent: number | null;
  fullPrice: boolean;
  /** The prices of the bundle's other services (none for a package). */
  otherUnits: number[];
  price: number;
}

/**
 * The service's price, and under it what each of its packages and bundles will cost at the price being typed (the
 * same offerPrice the server applies when the change is saved). Without scripts it is a plain field and the list
 * shows today's prices.
 */
export function ServicePriceField({ defaultValue, error, offers }: { defaultValue: string; error?: string; offers: readonly FollowingOffer[] }) {
  const [typed, setTyped, field] = useTypedText(defaultValue);
  const parsed = parsePrice(typed);
  const unit = parsed !== undefined && parsed >= 0 ? parsed : undefined;
  const described = ['service-price-hint', error ? 'service-price-error' : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="service-price" className="font-semibold">
        Price (USD)
      </label>
      <p id="service-price-hint" className="text-sm text-gray-700">
        In dollars, like 70 or 70.50. New bookings pay it; booked visits keep their price.
      </p>
      <input
        ref={field}
        id="service-price"
        name="price"
        inputMode="decimal"
        autoComplete="off"
        required
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="w-40 rounded border border-gray-500 px-3 py-2 aria-invalid:border-red-700"
      />
      {error ? (
        <p id="service-price-error" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      {offers.length > 0 ? (
        <div className="mt-1 rounded border border-stone-200 bg-stone-50 p-2 text-sm" aria-live="polite">
          <p className="font-semibold">{unit === undefined ? 'Its packages and bundles now:' : `Its packages and bundles at ${formatCents(unit)}:`}</p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {offers.map((offer) => {
              const next = unit === undefined ? offer.price : offerPrice({ unitPrices: [unit, ...offer.otherUnits], sessions: offer.sessions, discountPercent: offer.discountPercent, fullPrice: offer.fullPrice }).price;
              return (
                <li key={offer.id}>
                  {offer.name}: <strong>{formatCents(next)}</strong>
                  {next !== offer.price ? <span> (now {formatCents(offer.price)})</span> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
