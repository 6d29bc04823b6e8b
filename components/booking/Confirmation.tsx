import { formatMoneyCents } from '@/lib/catalog/format';
import Link from '@/components/ui/AppLink';
import { redirect } from 'next/navigation';
import { AddPasskeyOffer } from '@/components/account/Passkeys';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { bookedSummary } from '@/lib/booking/booked-summary';
import { localDateOf } from '@/lib/booking/dates';
import { bookingIcsPath, directionsUrl, googleCalendarUrl } from '@/lib/calendar/calendar-links';
import { formatAddress, salonLocationById } from '@/lib/content/locations';
import { backend } from '@/lib/backend';
import { bookedForCustomer } from '@/lib/booking/back-office';
import { bookedBookingOf } from '@/lib/booking/booked';
import { formatInstantInNewYork } from './format';
import { ClearBookedCard } from './ClearBookedCard';
import { DepositWait } from './DepositWait';
import { VisitSummary } from './VisitSummary';

/** The booked appointments of one booking, each in New York time, with the therapist and the salon's address. */
export async function Confirmation({ params, searchParams }: { params: Promise<{ cid: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> }) {
  const { cid } = await params;
  // Booked by the desk for a customer (?customer=): staff see that customer's booking.
  const forCustomer = await bookedForCustomer(cid, (await searchParams)?.customer);
  const read = forCustomer ?? (await backend().customerBooking(cid));
  if (read.kind === 'signed-out') redirect(`/signin/?url=${encodeURIComponent(`/booking/confirmation/${cid}/`)}`);
  if (read.kind === 'not-found') {
    // A deposit's reference before its payment booked the visit: the page waits for it (the booking takes its id).
    const waiting = forCustomer ? undefined : await backend().pendingDeposit(cid);
    if (waiting) return <DepositWait deposit={waiting} />;
    return (
      <MissingRecord heading="We couldn’t find that booking" links={[{ href: '/account/', label: 'Your appointments' }, { href: '/services/', label: 'Book a visit' }]}>
        The link may be incomplete, or the booking may belong to another account. Your appointments are all on your account page.
      </MissingRecord>
    );
  }
  const { user } = read;
  const booking = bookedBookingOf(read.booking);
  const salon = salonLocationById(booking.card.location);
  const booked = booking.appointments.filter((a) => a.status === 'booked');
  const deposit = await backend().depositOfBooking(booking.card.appointmentId);
  return (
    <div className="flex flex-col gap-6">
      {/* Focusable: after BOOK the focus comes here (components/ui/focus-on-arrival.ts), so this is what is read first. */}
      <h1 tabIndex={-1} className="text-3xl font-bold">
        Booking confirmed
      </h1>
      <p role="status" className="rounded-lg bg-green-50 p-4 text-lg font-semibold text-green-900 wrap-anywhere">
        {forCustomer ? (
          <>
            Booked for {user.name}: {booked.length === 1 ? 'one appointment' : `${booked.length} appointments`}.{' '}
            {user.email ? `We sent a confirmation to ${user.email}.` : 'They have no e-mail address, so no confirmation was mailed.'}
          </>
        ) : (
          <>
            {booked.length === 1 ? 'Your appointment is booked.' : `Your ${booked.length} appointments are booked.`} We sent a confirmation to {user.email}.
          </>
        )}
      </p>
      {deposit ? (
        <p data-testid="confirmation-deposit" className="rounded-lg bg-brand-50 p-4 font-semibold">
          Deposit {deposit.state === 'paid' ? 'paid' : deposit.state}: {formatMoneyCents(deposit.amountCents)}
          {deposit.paidFromCredit ? ', from your account credit' : ''}. It is taken off the price at the salon.
        </p>
      ) : null}
      {deposit && !forCustomer ? <ClearBookedCard serviceIds={booked.flatMap((a) => a.lines.map((line) => line.id))} /> : null}
      <ol className="flex flex-col gap-4">
        {booking.appointments.map((appointment) => (
          <li key={appointment.id} className="rounded-xl border border-brand-100 p-4">
            <h2 className="text-xl font-semibold">{appointment.areaName}</h2>
            <p className="mt-1 text-lg">
              <time dateTime={appointment.start}>{formatInstantInNewYork(appointment.start)}</time>
              {appointment.status === 'cancelled' ? <strong className="ml-2 text-red-800">Cancelled</strong> : null}
            </p>
            <p className="mt-1">With {appointment.therapistName}</p>
          </li>
        ))}
      </ol>
      {booked.length > 0 ? <VisitSummary summary={bookedSummary(booked)} heading="Your visit" /> : null}
      {salon ? (
        <section aria-labelledby="where-heading" className="rounded-xl bg-brand-50 p-4">
          <h2 id="where-heading" className="font-semibold">
            Where
          </h2>
          <address className="mt-1 not-italic">
            Bare &amp; Polished NYC {salon.name}
            <br />
            {formatAddress(salon)}
            <br />
            <a href={`tel:${salon.phone}`} className="text-brand-700 underline">
              {salon.phoneDisplay}
            </a>
          </address>
          <p className="mt-2">
            <a href={directionsUrl(salon)} rel="noopener noreferrer" target="_blank" className="font-semibold text-brand-700 underline">
              Directions<span className="sr-only"> to {salon.name} (opens in a new tab)</span>
            </a>
          </p>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-4">
        {booked.map((appointment) => (
          <a
            key={appointment.id}
            href={googleCalendarUrl(booking.card.location, appointment)}
            rel="noopener noreferrer"
            target="_blank"
            className="min-h-12 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Add to Google Calendar{booked.length > 1 ? `: ${appointment.areaName}` : ''}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ))}
        {booked.length > 0 ? (
          <a href={bookingIcsPath(booking.card.appointmentId)} download className="min-h-12 rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700">
            Add to Apple Calendar / Outlook
          </a>
        ) : null}
        {forCustomer ? (
          <>
            <Link href={`/desk/customers/${user.id}/`} className="min-h-12 rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700">
              Back to {user.name}
            </Link>
            {/* The desk goes on with its day: the day of the visit's first appointment, at its location. */}
            {salon && booked[0] ? (
              <Link href={`/desk/day/${salon.slug}/${localDateOf(Date.parse(booked[0].start))}/`} className="min-h-12 rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700">
                Back to the day at {salon.name}
              </Link>
            ) : null}
          </>
        ) : (
          <Link href="/account/" className="min-h-12 rounded-lg border border-brand-700 px-6 py-3 font-semibold text-brand-700">
            Your appointments
          </Link>
        )}
      </div>
      {forCustomer ? null : <AddPasskeyOffer />}
    </div>
  );
}
