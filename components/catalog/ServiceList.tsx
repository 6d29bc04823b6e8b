'use client';

import Link from '@/components/ui/AppLink';
import { useServiceActions } from '@/components/cart/ServiceActionsClient';
import { useHydrated } from '@/components/ui/use-hydrated';
import { stableGuid } from '@/lib/catalog/data/guid';

/** The salon's photo of a service as a 56 px thumbnail: next/image's attributes, worked out on the server. */
export interface RowPhoto {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * A service as a menu row needs: [id, name, page, '15 min · ', '$30', areaId, svcTypeId, gen, SKU, minutes booked,
 * photo when the salon supplied one].
 * A tuple, made on the server by serviceListRow: a menu of 28 services travels in the page's payload once, as data,
 * instead of as 28 rendered rows (the page's HTML stays small). The id is empty when it is the one the seed derives
 * from the SKU (stableGuid): 28 GUIDs were 750 bytes of a menu's gzip, hex that does not compress (issue 38).
 */
export type ServiceListRow = [
  id: string,
  name: string,
  href: string,
  duration: string,
  price: string,
  areaId: number,
  svcTypeId: number,
  gen: 0 | 1,
  svcId: string,
  minutes: number,
  photo?: RowPhoto,
];

export interface ServiceListGroup {
  /** The heading's id, also the jump links' target. */
  key: string;
  /** Undefined for a list without headings (the favourites). */
  label?: string;
  rows: ServiceListRow[];
}

function RowButtons({ row }: { row: ServiceListRow }) {
  const [givenId, name, , , , areaId, svcTypeId, gen, svcId, duration] = row;
  const id = givenId || stableGuid(svcId);
  const { booked, favorite, adding, favoriting, toggleBooked, toggleFavorite, bookLabel, favouriteLabel } = useServiceActions({ id, areaId, svcTypeId, gen, svcId, duration }, name);
  return (
    <>
      <button type="button" aria-pressed={favorite} aria-label={favouriteLabel} aria-busy={favoriting || undefined} onClick={toggleFavorite} className="btn-fav" />
      <button type="button" aria-label={bookLabel} aria-busy={adding || undefined} onClick={toggleBooked} className={booked ? 'btn-add is-booked' : 'btn-add'}>
        {booked ? 'Added' : 'Add'}
      </button>
    </>
  );
}

/**
 * The favourite and Add buttons come after hydration: before it they could not answer a tap, and 56 buttons with their
 * icons were most of a menu's first style pass (issue 38). Their place is kept (.svc-acts), so nothing moves when they
 * arrive; with scripts off the place goes, as the buttons did.
 */
function Rows({ rows }: { rows: ServiceListRow[] }) {
  const hydrated = useHydrated();
  return (
    <ul>
      {rows.map((row) => (
        <li key={row[2]} className="svc-row">
          {row[10] ? (
            // eslint-disable-next-line @next/next/no-img-element -- next/image's markup, from getImageProps on the server
            <img {...row[10]} alt="" width={56} height={56} loading="lazy" decoding="async" className="svc-thumb" />
          ) : null}
          <div>
            <Link href={row[2]} prefetch={false}>
              {row[1]}
            </Link>
            <p>
              {row[3]}
              <b>{row[4]}</b>
            </p>
          </div>
          <span className="svc-acts">{hydrated ? <RowButtons row={row} /> : null}</span>
        </li>
      ))}
    </ul>
  );
}

/** Compact rows of services (name, duration, price, favourite, add), in groups with headings. */
export function ServiceList({ groups }: { groups: ServiceListGroup[] }) {
  return groups.map((group) =>
    group.label ? (
      <section key={group.key} aria-labelledby={group.key} className="mt-5">
        <h2 id={group.key} className="svc-group">
          {group.label}
        </h2>
        <Rows rows={group.rows} />
      </section>
    ) : (
      <Rows key={group.key} rows={group.rows} />
    ),
  );
}
