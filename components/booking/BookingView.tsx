'use client';

import Link from '@/components/ui/AppLink';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DateInLocationTz } from '@/lib/booking/calendar';
import { ANY_THERAPIST_ID, ANY_THERAPIST_NAME, AREAS, type AreaId } from '@/lib/catalog/tables';
import { areaDay, cardServiceIds, emptyBookingCard, findService, type BookingCard } from '@/lib/booking/card';
import { addFromMenu, askGenderSwitch, chooseBookingLocation, locationName, removeAndSay } from '@/stores/booking-location';
import { editCard, locationsTaking } from '@/stores/card-edits';
import { useCardStore, useStoreApis } from '@/stores/provider';
import { AreaSection } from './AreaSection';
import { BookingHead } from './BookingHead';
import { BookingSubmit } from './BookingSubmit';
import { DepositHeldLine } from './DepositHeldLine';
import type { BookingContext, ServiceSummary, TherapistOption } from './booking-types';
import { areasWithoutTime, bookingBody, cardSummary, chosenTime, chosenTimesOf, packageCoverage } from './build-card';
import { DEPOSIT_CHECKOUT_OPENING, NOTES_STORAGE_KEY, NOTES_UNREAD_MESSAGE } from './messages';
import { readNotes } from './booking-notes';
import { notInCard, PatchTestSuggestions } from './PatchTestSuggestions';
import { autoBookAfterSignIn, missingTimesMessage, useBookingSubmit } from './use-booking-submit';
import { useHoldRelease } from './use-hold-release';
import { serialiseBookingUrl, withTimesMode, type BookingUrlState, type TimesMode } from './url-state';
import { useBookingPage } from './use-booking-page';
import { useDeskBooking } from '@/components/desk/useDeskBooking';
import type { VisitTime } from './visit-client';
import { VisitSummary } from './VisitSummary';
import { VisitTimeSection } from './VisitTimeSection';
import { visitDateOf } from './visit-pickers';
import { BookingNextStepBar } from './BookingNextStepBar';
import { LinkedServices } from './LinkedServices';
import { DeskServicePicker } from './DeskServicePicker';
import { onlineOffers } from './online-offers';

const ANY: TherapistOption[] = [{ id: ANY_THERAPIST_ID, name: ANY_THERAPIST_NAME }];

export interface BookingViewProps {
  /** The card as the server read it from the cookie, with the URL's choices and times applied: the first paint. */
  serverCard: BookingCard;
  context: BookingContext;
  initialUrl: BookingUrlState;
  /** One time for the whole visit (default) or a time per service (`times=each` in the URL). */
  initialMode?: TimesMode;
}

/** The booking cart grouped by area, with therapist, date, time and note per area, and the BOOK button. */
export function BookingView({ serverCard, context, initialUrl, initialMode = 'visit' }: BookingViewProps) {
  const router = useRouter();
  const stores = useStoreApis();
  const named = useCardStore((state) => state.card, serverCard);
  const location = String(named.location);
  const therapistsOf = (areaId: number) => context.therapists[location]?.[areaId as AreaId] ?? ANY;
  const { mode, dispatch } = useBookingPage(initialMode);
  const [notes, setNotes] = useState<Record<number, string>>({});
  // The notes are written back only once the kept ones are read: never over them.
  const [notesRead, setNotesRead] = useState(false);
  const [ready, setReady] = useState(false);
  // The times are the card's; until the first effect has put the address's times into the store's card (filled from
  // the cookie, which keeps days), they are those the server drew the page with.
  const times = chosenTimesOf(ready ? named : serverCard);
  const refreshed = useRef(false);
  const customer = context.customer;
  const desk = useDeskBooking(context, dispatch);
  const backOffice = desk.backOffice;
  const visitDate = visitDateOf(named.areas, times);
  const { status, book, clearError, leaving } = useBookingSubmit({ customer, backOffice, times, notes, mode, visitDate });
  useHoldRelease();

  // The therapists of an area where the card is now: the address's choices are checked against them.
  const therapistsHere = (areaId: number) => context.therapists[stores.card.getState().card.location]?.[areaId as AreaId] ?? ANY;

  // Once: the URL's choices win over the saved card, the notes come back from this tab, and a signed-in customer's
  // card is merged ('customer': their id, gender kept, their packages).
  useEffect(() => {
    const api = stores.card;
    const current = api.getState().card;
    dispatch({ type: 'url', url: initialUrl, therapistsOf: therapistsHere });
    if (customer && current.customerId !== customer.id) {
      const loaded = emptyBookingCard({ customerId: customer.id, gender: current.gender, location: current.location });
      loaded.packages = customer.packages.map((pkg) => ({ packageId: pkg.pkgId, used: false }));
      editCard(api).loadCustomerCard(loaded, desk.mergeMode(current));
    }
    desk.arrive();
    // Notes live in this tab's sessionStorage, which the server cannot read: they come back after hydration.
    readNotes().then(
      (kept) => {
        setNotes((typed) => ({ ...kept, ...typed }));
        setNotesRead(true);
      },
      () => stores.ui.getState().notify({ variant: 'error', message: NOTES_UNREAD_MESSAGE, duration: 0 }),
    );
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after hydration
    setReady(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The chosen therapists, dates and times live in the URL, so a reload or a shared link keeps them.
  useEffect(() => {
    if (!ready || leaving.current) return;
    const state: BookingUrlState = {};
    for (const area of named.areas) {
      const day = areaDay(area);
      state[area.area as AreaId] = { therapist: area.therapist, date: day ? (day as DateInLocationTz) : undefined, time: chosenTime(area, times) };
    }
    const next = window.location.pathname + serialiseBookingUrl(state, withTimesMode(new URLSearchParams(window.location.search), mode));
    if (next !== window.location.pathname + window.location.search) window.history.replaceState(null, '', next);
  }, [ready, named, times, mode, leaving]);

  useEffect(() => {
    if (notesRead) window.sessionStorage.setItem(NOTES_STORAGE_KEY, JSON.stringify(notes));
  }, [notesRead, notes]);

  // A service added since the server drew the page (another tab): ask the server for its name and duration once.
  const unknown = cardServiceIds(named).some((id) => !context.services[id]);
  useEffect(() => {
    if (unknown && !refreshed.current) {
      refreshed.current = true;
      router.refresh();
    }
  }, [unknown, router]);

  // A visit time sets every area's date and time at once: each area starts where the one before it ends.
  const chooseVisit = useCallback(
    (date: string, visit: VisitTime | undefined) => {
      dispatch({ type: 'visit', date, legs: visit?.legs });
      if (visit) clearError();
    },
    [dispatch, clearError],
  );

  if (status.kind === 'booked') {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-4 font-semibold text-green-900">
        Booked! Opening your confirmation…
      </p>
    );
  }
  if (status.kind === 'paying') {
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-4 font-semibold text-amber-950">
        {DEPOSIT_CHECKOUT_OPENING}
      </p>
    );
  }

  // What each location takes: the desk's own in back-office mode (any location, empty), else what it books online.
  // The buttons offer only where a move keeps some of the cart, and keep their place in the tree whatever the cart
  // holds, so the focus stays on the button pressed.
  const offers = desk.offers ?? onlineOffers(context.services);
  const head = (
    <BookingHead
      location={Number(location)}
      bookable={locationsTaking(named, offers, desk.offers ? () => true : undefined)}
      customer={customer}
      backOffice={backOffice !== null}
      onLocation={(id) => chooseBookingLocation(stores, id, { nameOf: (serviceId) => context.services[serviceId]?.name, offers })}
    />
  );

  // The services a link names that the cart lacks: added at the link's location, then the link's times apply to them.
  const linked = context.linked;
  const missingLinked = linked ? linked.ids.filter((id) => !findService(named, id)).map((id) => context.services[id]).filter((s): s is ServiceSummary => s !== undefined) : [];
  const addLinked = () => {
    if (!ready || !linked || missingLinked.length === 0) return;
    // The link's services are of one gender: asked once for all of them when the cart holds the other's.
    askGenderSwitch(stores, missingLinked[0]!.gen, missingLinked.map((service) => service.name), () => addLinkedNow(linked));
  };
  const addLinkedNow = (linked: NonNullable<BookingContext['linked']>) => {
    for (const service of missingLinked) {
      addFromMenu(stores, { id: service.id, areaId: service.areaId, svcTypeId: service.svcType, gen: service.gen, duration: service.duration }, {
        serviceName: service.name,
        browsingLocation: linked.location,
        loadNames: async () => (id) => context.services[id]?.name,
      });
    }
    // The link's therapists, days and times, for the areas just added: what the page's address did for the others.
    dispatch({ type: 'url', url: initialUrl, therapistsOf: therapistsHere, only: (areaId) => missingLinked.some((service) => service.areaId === areaId) });
  };
  const linkedBox = linked ? <LinkedServices services={missingLinked} location={locationName(linked.location)} onAdd={addLinked} disabled={!ready} /> : null;
  const deskPicker = backOffice ? (
    <DeskServicePicker options={backOffice.services} services={context.services} onAdd={desk.addService} disabled={!ready} />
  ) : null;

  if (named.areas.length === 0) {
    return (
      <div className="flex flex-col gap-6">
        {head}
        {linkedBox}
        {backOffice ? (
          // Staff booking for a customer add services with the search below, on this page.
          <p className="rounded-xl border border-brand-100 p-6 text-lg font-semibold">No services yet: find one by name below.</p>
        ) : (
          <div className="rounded-xl border border-brand-100 p-6">
            <p className="text-lg font-semibold">Your booking cart is empty.</p>
            <p className="mt-2">
              Add services from the{' '}
              <Link href="/services/" className="font-semibold text-brand-700 underline">
                service menu
              </Link>{' '}
              and come back here to choose your therapist and time.
            </p>
          </div>
        )}
        {deskPicker}
      </div>
    );
  }

  const covered = packageCoverage(named, customer?.packages ?? []);
  const therapistName = (areaId: number, id: number) =>
    id === ANY_THERAPIST_ID ? 'any therapist' : (therapistsOf(areaId).find((t) => t.id === id)?.name ?? 'any therapist');
  const summary = cardSummary(named, { times, services: context.services, therapistName, packages: customer?.packages ?? [], deposits: !backOffice });
  const switchMode = (next: TimesMode) => dispatch({ type: 'mode', mode: next });
  const setTime = (areaId: number, time: string | undefined) => {
    dispatch({ type: 'time', areaId, time });
    // A time the page drops itself (taken meanwhile) keeps the message that says why; a new choice clears it.
    if (time) clearError();
  };

  return (
    <div className="flex flex-col gap-6">
      {head}
      {linkedBox}

      {context.accountNotice ? <p className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-950">{context.accountNotice}</p> : null}

      <PatchTestSuggestions
        suggestions={context.patchTests}
        card={named}
        onAdd={(patch) => editCard(stores.card).addService({ id: patch.id, areaId: patch.areaId, svcTypeId: patch.svcType, gen: patch.gen, duration: patch.duration })}
      />

      {named.areas.map((area) => (
        <AreaSection
          key={area.area}
          area={area}
          location={location}
          services={context.services}
          covered={covered}
          therapists={therapistsOf(area.area)}
          time={chosenTime(area, times)}
          today={context.today}
          lastDay={context.lastDay}
          note={notes[area.area] ?? ''}
          disabled={!ready}
          therapistOnly={mode === 'visit'}
          onRemove={(serviceId) => removeAndSay(stores, serviceId, context.services[serviceId]?.name ?? 'The service')}
          onTherapist={(id) => {
            // A new therapist starts the area's day and time afresh (the specification): a time that goes is said.
            const hadTime = chosenTime(area, times) !== undefined;
            dispatch({ type: 'therapist', areaId: area.area, therapist: id });
            if (hadTime) stores.ui.getState().notify({ variant: 'info', message: `New therapist for ${AREAS[area.area as AreaId] ?? 'this service'}: choose the day and time again.` });
          }}
          onDate={(date) => dispatch({ type: 'date', areaId: area.area, date })}
          onTime={(time) => setTime(area.area, time)}
          onNote={(note) => setNotes((previous) => ({ ...previous, [area.area]: note }))}
        />
      ))}

      {mode === 'visit' ? (
        <VisitTimeSection
          areas={named.areas}
          location={location}
          services={context.services}
          times={times}
          visitDate={visitDate}
          today={context.today}
          lastDay={context.lastDay}
          disabled={!ready}
          onChoose={chooseVisit}
          onEachTime={() => switchMode('each')}
        />
      ) : (
        <button type="button" disabled={!ready} onClick={() => switchMode('visit')} className="self-start text-sm font-semibold text-brand-700 underline">
          Choose one time for the whole visit
        </button>
      )}

      {deskPicker}

      <VisitSummary summary={summary} heading="Your visit" />
      {/* On arrival the day and time of the visit can be a screen below the services: a bar leads there first. */}
      <BookingNextStepBar
        show={mode === 'visit' && ready && named.areas.length > 0 && areasWithoutTime(named, times).length > 0}
        targetId="visit-when-heading"
        label="Choose a time"
      />
      <BookingNextStepBar
        show={areasWithoutTime(named, times).length === 0 && status.kind !== 'booking'}
        {...(customer !== null ? { targetId: 'visit-summary-heading', label: 'Review and book' } : { targetId: 'booking-signin', label: 'Sign in to book' })}
      />

      <DepositHeldLine />
      <BookingSubmit
        status={status}
        signedIn={customer !== null}
        codeSent={context.codeSent}
        onBook={() => void book()}
        autoBook={autoBookAfterSignIn({
          missingTimes: missingTimesMessage(named, times, mode, visitDate),
          status,
          patchTestsSuggested: notInCard(context.patchTests, named).length,
          coveredByPackage: covered.size,
          accountNotice: context.accountNotice,
          depositCents: summary.depositCents,
        })}
        holdBody={() => {
          const current = stores.card.getState().card;
          if (areasWithoutTime(current, times).length > 0) return undefined;
          return JSON.stringify(bookingBody(current, { customerId: '', times, notes, packages: [] }));
        }}
      />
    </div>
  );
}
