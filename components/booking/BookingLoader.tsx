import type { ReactNode } from 'react';
import Link from '@/components/ui/AppLink';
import { ANY_THERAPIST_ID, ANY_THERAPIST_NAME, type AreaId } from '@/lib/catalog/tables';
import { isGuid } from '@/lib/validation';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { personalState } from '@/lib/persistence/personal-state';
import { backend } from '@/lib/backend';
import { parseDeskSlot } from '@/lib/desk/book-slot';
import { allServiceSummaries, backOfficeCustomer } from './back-office';
import { bookingContext, linkedServicesContext } from './booking-context';
import type { BackOffice } from './booking-types';
import { BookingView } from './BookingView';
import { applyUrlChoices, timesFromUrl, withTimes } from './build-card';
import { parseTimesMode } from './url-state';
import { parseBookingUrl } from './url-parse';
import { codeSentState } from '@/lib/auth/code-recipient';
import { parseLinkedServices } from '@/lib/booking/linked-services';
import { WaitlistProvider } from './waitlist-context';
import { firstFreeTimes } from './first-free-times';
import { SWRConfig } from 'swr';

type SearchParams = Record<string, string | string[] | undefined>;

/** Why the page shows no booking, and where to go instead. */
function LinkNotice({ text, href, link }: { text: string; href: string; link: string }) {
  return (
    <p className="rounded-lg bg-amber-50 p-4">
      {text}{' '}
      <Link href={href} className="font-semibold text-brand-700 underline">
        {link}
      </Link>
      .
    </p>
  );
}

/** The personal part of the booking page: reads the card cookie, the session and the URL at request time. */
export async function BookingLoader({ params, searchParams }: { params: Promise<{ custid?: string }>; searchParams: Promise<SearchParams> }) {
  const [{ custid: requested }, query, state, booking] = await Promise.all([params, searchParams, personalState(), backend().bookingCustomer()]);
  let { customer } = booking;
  let backOffice: BackOffice | null = null;
  const forAnotherCustomer = customer && requested && (!isGuid(requested) || requested.replace(/[{}]/g, '').toLowerCase() !== customer.id);
  if (forAnotherCustomer) {
    // A staff member opening a customer's link books for that customer (back-office mode); anyone else is told.
    const office = isGuid(requested) ? await backOfficeCustomer(requested, parseDeskSlot(query)) : ({ kind: 'not-staff' } as const);
    if (office.kind === 'not-found') {
      return <LinkNotice text="There is no customer with this id." href="/desk/customers/" link="Find the customer" />;
    }
    if (office.kind === 'not-staff') {
      return <LinkNotice text="This booking link belongs to another account." href="/booking/" link="Book for yourself" />;
    }
    customer = office.customer;
    backOffice = office.backOffice;
  }
  const url = parseBookingUrl(query);
  // The cookie's card, as the stores keep it (the codec has read it with named fields).
  const named = state.card;
  const linked = backOffice ? undefined : linkedServicesContext(parseLinkedServices(query), named);
  // Services added on the page (the desk's, a link's) need the therapists of areas the cart does not have yet.
  const base = bookingContext(named, customer, undefined, { allAreas: backOffice !== null || linked !== undefined, channel: backOffice ? 'desk' : 'online' });
  const services = { ...(backOffice ? allServiceSummaries() : {}), ...linked?.services, ...base.services };
  const codeSent = customer ? undefined : await codeSentState();
  const context = { ...base, services, accountNotice: booking.notice, backOffice, ...(linked ? { linked: linked.linked } : {}), ...(codeSent ? { codeSent } : {}) };
  const location = named.location;
  const chosen = applyUrlChoices(
    named,
    url,
    (areaId) => context.therapists[location]?.[areaId as AreaId] ?? [{ id: ANY_THERAPIST_ID, name: ANY_THERAPIST_NAME }],
  );
  // The cookie keeps days; a reload's times come back from the address.
  const card = withTimes(chosen, timesFromUrl(chosen, url));
  // The desk books a therapist's exact slot: a time per service shows that therapist's day, however far ahead.
  const mode = backOffice?.slot.date ? 'each' : parseTimesMode(query);
  const freeTimes = await firstFreeTimes({ card, services: context.services, mode, today: context.today, lastDay: context.lastDay });
  return (
    <WaitlistProvider signedIn={customer !== null}>
      <SWRConfig value={{ fallback: freeTimes }}>
        <BookingView serverCard={card} context={context} initialUrl={url} initialMode={mode} />
      </SWRConfig>
    </WaitlistProvider>
  );
}

/**
 * Where the booking cart goes: at least a screen tall, so the footer starts below the first screen both while the
 * cart is on its way and once it is in. The cart is streamed after the page's frame; on a slow network the frame (and
 * the footer) were painted first and the cart pushed the footer out of the window (CLS 0.61 under Lighthouse's
 * slow 4G applied in the browser).
 */
export function BookingRegion({ children }: { children: ReactNode }) {
  return <div className="min-h-svh">{children}</div>;
}

export function BookingSkeleton() {
  return <LoadingStatus className="rounded-xl border border-brand-100 p-6 text-gray-700">Loading your booking cart…</LoadingStatus>;
}

