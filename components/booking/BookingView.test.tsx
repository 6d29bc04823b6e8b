/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { emptyBookingCard, type BookingCard } from '@/lib/booking/card';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import type { BookingContext } from './booking-types';
import { BookingView } from './BookingView';
import { SLOT_TAKEN_MESSAGE } from '@/lib/booking/messages';
import { ACCOUNT_UNAVAILABLE_MESSAGE, NO_LOCATION_BOOKS_CART } from './messages';
import type { TimesMode } from './url-state';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { oneAreaVisitAnswer, twoAreaCard, whenText, reply, resetBookingPage, serviceSummary as summary } from './test-support/booking-fixtures';
import { renderBookingView } from './test-support/render-booking-view';

// The snackbar's notices load once the page is idle; here they are in before the first notice.
beforeAll(() => loadNoticeList());

const push = jest.fn();
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh }) }));
// The sign-in step's server action (components/account/code-actions.ts): its own tests are in BookingSignIn.test.tsx.
jest.mock('@/components/account/code-actions', () => ({ codeSignInAction: jest.fn() }));

const LASER = '11111111-1111-4111-8111-111111111111';
const FACIAL = '33333333-3333-4333-8333-333333333333';
const PATCH = '77777777-7777-4777-8777-777777777777';
const PKG = '44444444-4444-4444-8444-444444444444';
const CUSTOMER = '55555555-5555-4555-8555-555555555555';
const APT = '66666666-6666-4666-8666-666666666666';
const DAY = '2026-12-05';

const makeCard = (): BookingCard => twoAreaCard({ id: LASER, serviceType: 4, date: DAY }, { id: FACIAL, date: DAY });

function context(overrides: Partial<BookingContext> = {}): BookingContext {
  const therapists = {
    1: [
      { id: 0, name: 'Any Therapists' },
      { id: 1, name: 'Maria Lopez' },
    ],
    3: [
      { id: 0, name: 'Any Therapists' },
      { id: 4, name: 'Grace Kim' },
    ],
  };
  return {
    services: {
      [LASER]: summary(LASER, 'Underarm', 1, 4, 30, 100),
      [FACIAL]: summary(FACIAL, 'Signature Facial', 3, 16384, 60, 150),
      [PATCH]: summary(PATCH, 'Upper Body', 1, 4096, 15, 0),
    },
    therapists: { '1': therapists },
    customer: { id: CUSTOMER, name: 'Ana', email: 'ana@example.com', packages: [], hasPatchTest: false },
    patchTests: [{ laserServiceId: LASER, laserName: 'Underarm', patch: summary(PATCH, 'Upper Body', 1, 4096, 15, 0) }],
    today: '2026-11-23',
    lastDay: '2027-05-22',
    ...overrides,
  };
}

type Answer = { status: number; body: unknown };

/** A fetch that answers time lookups from `slots` (date -> times) and the booking POST with `post`. */
function server(slots: Record<string, string[]>, post: Answer[] = []) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetcher = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.startsWith('/api/slots/')) {
      const date = url.split('/')[6]!;
      const times = slots[date] ?? [];
      return reply(200, { date, slots: times.map((time) => ({ start: `${date}T${time}:00.000Z`, time, therapistIds: [4] })), timestamp: 'now' });
    }
    if (url.startsWith('/api/visits/')) return reply(200, oneAreaVisitAnswer(url, (date) => slots[date] ?? []));
    const answer = post.shift() ?? { status: 500, body: null };
    return reply(answer.status, answer.body);
  });
  globalThis.fetch = fetcher as unknown as typeof fetch;
  return calls;
}

function setup(ctx: BookingContext = context(), url = {}, card = makeCard(), mode: TimesMode = 'each') {
  return renderBookingView({ card, context: ctx, url, mode });
}

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  push.mockClear();
  refresh.mockClear();
  resetBookingPage();
});

describe('BookingView', () => {
  it('renders the therapist and date disabled on the server, so a choice made before hydration is not lost', () => {
    const card = makeCard();
    const html = renderToString(
      <StoresProvider stores={createAppStores({ card })}>
        <BookingView serverCard={card} context={context()} initialUrl={{}} initialMode="each" />
      </StoresProvider>,
    );
    const therapist = /<select[^>]*id="area1-therapist"[^>]*>/.exec(html)?.[0] ?? '';
    const date = /<input[^>]*id="area1-date"[^>]*>/.exec(html)?.[0] ?? '';
    expect(therapist).toContain('disabled');
    expect(date).toContain('disabled');
  });

  it('enables them once it has hydrated', async () => {
    server({ [DAY]: ['11:00'] });
    setup();
    expect(within(region('Hair Removal')).getByLabelText('Therapist for Hair Removal')).toBeEnabled();
  });

  it('groups the cart by area with the area therapists, a date and the free times of that day', async () => {
    server({ [DAY]: ['11:00', '11:15'] });
    setup();
    const hair = region('Hair Removal');
    expect(within(hair).getByText('Underarm')).toBeInTheDocument();
    const select = within(region('Skincare')).getByLabelText('Therapist for Skincare');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any Therapists', 'Grace Kim']);
    expect(select).toHaveValue('4');
    expect(within(hair).getByLabelText('Date for Hair Removal')).toHaveValue(DAY);
    expect(await within(hair).findByRole('radio', { name: '11:00 AM' })).toBeInTheDocument();
  });

  it('Remove takes the service out of the cart and says so', async () => {
    server({ [DAY]: ['11:00'] });
    const stores = setup();
    await userEvent.click(within(region('Hair Removal')).getByRole('button', { name: 'Remove Underarm' }));
    expect(stores.ui.getState().notices.map((notice) => notice.message)).toContain('Underarm removed from your booking cart.');
  });

  it('changing the therapist resets the date, and chosen times go into the URL', async () => {
    server({ [DAY]: ['11:00'] });
    const stores = setup();
    await userEvent.click(await within(region('Hair Removal')).findByRole('radio', { name: '11:00 AM' }));
    expect(window.location.search).toContain(`d1=${DAY}&t1=11%3A00`);
    await userEvent.selectOptions(within(region('Skincare')).getByLabelText('Therapist for Skincare'), '0');
    expect(stores.card.getState().card.areas[1]).toMatchObject({ therapist: 0, when: { kind: 'none' } });
    expect(window.location.search).not.toContain('d3=');
    // Skincare had no time yet: nothing to say. Hair Removal had one: its going is said.
    expect(stores.ui.getState().notices).toEqual([]);
    await userEvent.selectOptions(within(region('Hair Removal')).getByLabelText('Therapist for Hair Removal'), '0');
    expect(stores.ui.getState().notices.map((notice) => notice.message)).toEqual(['New therapist for Hair Removal: choose the day and time again.']);
  });

  it('times per service: a strip marks the days with a free time; a day without one says so (error code 1), and a marked day shows its times', async () => {
    server({ '2026-11-30': ['10:00'], '2026-12-02': ['10:00', '14:00'] });
    const stores = setup();
    const hair = region('Hair Removal');
    const notice = await within(hair).findByText('There are no free times on Saturday, December 5. The marked days have one.');
    expect(notice.closest('[data-error-code]')).toHaveAttribute('data-error-code', '1');
    expect(within(hair).queryByRole('group', { name: 'Time for Hair Removal' })).not.toBeInTheDocument();
    const strip = within(hair).getByRole('group', { name: 'Day for Hair Removal' });
    expect(within(strip).getAllByRole('button')).toHaveLength(14);
    expect(within(strip).getByRole('button', { name: 'Wed 2 Dec: 2 times' })).toBeEnabled();
    expect(within(strip).getByRole('button', { name: 'Tue 1 Dec: no free time' })).toBeDisabled();
    await userEvent.click(within(strip).getByRole('button', { name: 'Mon 30 Nov: 1 time' }));
    expect(whenText(stores.card.getState().card.areas[0]!.when)).toBe('2026-11-30');
    expect(within(hair).getByLabelText('Date for Hair Removal')).toHaveValue('2026-11-30');
    const times = await within(hair).findByRole('group', { name: 'Time for Hair Removal' });
    expect(within(times).getByRole('group', { name: 'Morning' })).toContainElement(within(times).getByRole('radio', { name: '10:00 AM' }));
  });

  it('times per service: a date typed past the two weeks starts the strip there; past the last bookable day it is looked up alone', async () => {
    const calls = server({ '2027-01-13': ['10:00'] });
    setup(context(), { 1: { date: '2027-01-12' }, 3: { date: '2027-06-01' } });
    const hair = await within(region('Hair Removal')).findByRole('group', { name: 'Day for Hair Removal' });
    expect(await within(hair).findByRole('button', { name: 'Wed 13 Jan: 1 time' })).toBeEnabled();
    expect(within(hair).getAllByRole('button')[0]).toHaveAccessibleName('Tue 12 Jan: no free time');
    expect(await within(region('Skincare')).findByText('There are no free times on Tuesday, June 1. None in these two weeks either: please try another therapist or another date, or call the salon.')).toBeInTheDocument();
    expect(within(within(region('Skincare')).getByRole('group', { name: 'Day for Skincare' })).getAllByRole('button')).toHaveLength(1);
    expect(calls.some((c) => c.url.includes('from=2027-06-01') && c.url.includes('days=1'))).toBe(true);
  });

  it('books the card and goes to the confirmation, emptying the cart', async () => {
    const calls = server({ [DAY]: ['11:00', '12:00'] }, [{ status: 201, body: { header: { aptId: APT } } }]);
    const stores = setup(context(), { 1: { date: DAY, time: '11:00' }, 3: { date: DAY, time: '12:00' } });
    await userEvent.type(screen.getByLabelText('Note for Skincare (optional)'), 'Sensitive skin');
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(post.url).toBe(`/api/appointments/${CUSTOMER}/`);
    expect((post.init!.headers as Record<string, string>)['idempotency-key']).toBe('key-00000001');
    const body = JSON.parse(post.init!.body as string);
    expect(body.svcAreas.map((a: { svcDate: string; svcNote: string }) => [a.svcDate, a.svcNote])).toEqual([
      [`${DAY} 11:00`, ''],
      [`${DAY} 12:00`, 'Sensitive skin'],
    ]);
    expect(push).toHaveBeenCalledWith(`/booking/confirmation/${APT}/`);
    expect(stores.card.getState().card.areas).toEqual([]);
    // The emptied cart does not rewrite the URL under the router's feet while it leaves for the confirmation.
    expect(window.location.search).toContain('t1=11%3A00');
    expect(stores.card.getState().card.customerId).toBe(CUSTOMER);
  });

  it('a time taken meanwhile (416) says so, refreshes the times and keeps everything else', async () => {
    const slots: Record<string, string[]> = { [DAY]: ['11:00', '12:00'] };
    const calls = server(slots, [{ status: 416, body: { error: { code: 'slot_taken', message: 'x' } } }]);
    const stores = setup(context(), { 1: { date: DAY, time: '11:00' }, 3: { date: DAY, time: '12:00' } });
    await within(region('Hair Removal')).findByRole('radio', { name: '11:00 AM' });
    const lookupsBefore = calls.filter((c) => /^\/api\/(slots|visits)\//.test(c.url)).length;
    slots[DAY] = ['12:00'];
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_TAKEN_MESSAGE);
    expect(calls.filter((c) => /^\/api\/(slots|visits)\//.test(c.url)).length).toBeGreaterThan(lookupsBefore);
    // The refreshed times no longer list 11:00: the choice is dropped and the message stays.
    await waitFor(() => expect(within(region('Hair Removal')).queryByRole('radio', { name: '11:00 AM' })).not.toBeInTheDocument());
    expect(within(region('Hair Removal')).getByRole('radio', { name: '12:00 PM' })).not.toBeChecked();
    expect(within(region('Hair Removal')).getByText('11:00 AM is no longer free. Please choose another time.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SLOT_TAKEN_MESSAGE);
    expect(stores.card.getState().request).toEqual({ kind: 'create', status: 'failed', errorCode: 416 });
    expect(stores.card.getState().card.areas).toHaveLength(2);
    expect(push).not.toHaveBeenCalled();
  });

  it('another failure shows the server message and keeps the cart', async () => {
    server({ [DAY]: ['11:00', '12:00'] }, [{ status: 422, body: { error: { code: 'invalid', message: 'That time has already passed.' } } }]);
    const stores = setup(context(), { 1: { date: DAY, time: '11:00' }, 3: { date: DAY, time: '12:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That time has already passed. Your choices are kept; please try again.');
    expect(stores.card.getState().card.areas).toHaveLength(2);
  });

  it('asks for the missing times before posting', async () => {
    const calls = server({ [DAY]: ['11:00'] });
    setup(context(), { 1: { date: DAY, time: '11:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a time for Skincare.');
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
  });

  it('sends a visitor to sign in with the page and its choices as the return address', async () => {
    server({ [DAY]: ['11:00'] });
    setup(context({ customer: null }), { 1: { date: DAY, time: '11:00' } });
    await within(region('Hair Removal')).findByRole('radio', { name: '11:00 AM' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to book with a password' }));
    const target = push.mock.calls[0]![0] as string;
    expect(target.startsWith('/signin/?url=')).toBe(true);
    const back = new URL(decodeURIComponent(target.slice('/signin/?url='.length)), 'http://x');
    expect(back.pathname).toBe('/booking/');
    expect(Object.fromEntries(back.searchParams)).toEqual({ th3: '4', d1: DAY, t1: '11:00', d3: DAY, times: 'each' });
  });

  it('suggests the free patch test for laser and adds it (which resets that area date)', async () => {
    server({});
    const stores = setup();
    const aside = screen.getByRole('complementary', { name: 'A patch test comes first' });
    await userEvent.click(within(aside).getByRole('button', { name: 'Add the free Upper Body patch test' }));
    expect(stores.card.getState().card.areas[0]!.services.map((s) => s.serviceType)).toEqual([4, 4096]);
    expect(screen.queryByRole('complementary', { name: 'A patch test comes first' })).not.toBeInTheDocument();
  });

  it('shows a service covered by an owned package as such, books it against the package and loads the customer card', async () => {
    const calls = server({ [DAY]: ['11:00', '12:00'] }, [{ status: 201, body: { header: { aptId: APT } } }]);
    const ctx = context({
      customer: { id: CUSTOMER, name: 'Ana', email: 'a@example.com', hasPatchTest: true, packages: [{ pkgId: PKG, serviceId: FACIAL, title: 'Signature Facial x3', sessionsLeft: 2 }] },
      patchTests: [],
    });
    const stores = setup(ctx, { 1: { date: DAY, time: '11:00' }, 3: { date: DAY, time: '12:00' } });
    expect(within(region('Skincare')).getByText('Covered by your package Signature Facial x3 (2 sessions left)')).toBeInTheDocument();
    // Before BOOK, the summary says what the package covers and what is left of it.
    expect(within(region('Your visit')).getByRole('list', { name: 'What your packages cover' })).toHaveTextContent(
      /^Your package Signature Facial x3 covers Signature Facial: 1 session left after this one\.$/,
    );
    expect(stores.card.getState().card.customerId).toBe(CUSTOMER);
    expect(stores.card.getState().card.packages).toEqual([{ packageId: PKG, used: false }]);
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    const body = JSON.parse(calls.find((c) => c.init?.method === 'POST')!.init!.body as string);
    expect(body.svcAreas[1].svcTypes[0].svcArray[0]).toMatchObject({ id: FACIAL, isPackage: true, pkgId: PKG });
    expect(body.svcAreas[0].svcTypes[0].svcArray[0]).toMatchObject({ id: LASER, isPackage: false });
  });

  it('says when the account could not be loaded, and shows a package whose count is not known without one', async () => {
    server({ [DAY]: ['12:00'] });
    setup(
      context({
        customer: { id: CUSTOMER, name: 'Ana', email: 'a@example.com', hasPatchTest: true, packages: [{ pkgId: PKG, serviceId: FACIAL, title: 'Signature Facial x3', sessionsLeft: null }] },
        accountNotice: ACCOUNT_UNAVAILABLE_MESSAGE,
        patchTests: [],
      }),
    );
    await waitFor(() => expect(screen.queryByText('Loading free times…')).not.toBeInTheDocument());
    expect(screen.getByText(ACCOUNT_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(within(region('Skincare')).getByText('Covered by your package Signature Facial x3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'BOOK' })).toBeInTheDocument();
  });

  it('a failed booking says why once and that the choices are kept', async () => {
    server({ [DAY]: ['11:00', '12:00'] }, [{ status: 502, body: { error: { code: 'upstream_unavailable', message: 'The salon service cannot be reached. Please try again.' } } }]);
    const stores = setup(context({ patchTests: [] }), { 1: { date: DAY, time: '11:00' }, 3: { date: DAY, time: '12:00' } });
    await waitFor(() => expect(screen.queryByText('Loading free times…')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'BOOK' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The salon service cannot be reached\. Please try again\. Your choices are kept\.$/);
    expect(stores.card.getState().card.areas).toHaveLength(2);
  });

  it('an empty cart says so and links to the menu', () => {
    server({});
    act(() => {
      setup(context(), {}, emptyBookingCard());
    });
    expect(screen.getByText('Your booking cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'service menu' })).toHaveAttribute('href', expect.stringMatching(/^\/services\/?$/));
  });

  describe('choosing the location', () => {
    function setupWithNotices(card = makeCard()) {
      return renderBookingView({ card, context: context({ patchTests: [] }), mode: 'each', children: <Snackbar /> });
    }
    const locations = () => screen.getByRole('group', { name: 'Location' });

    it('moves the cart, names what the location does not offer, and Undo puts back the services, therapist, date and time', async () => {
      server({ [DAY]: ['11:00'] });
      const stores = setupWithNotices();
      expect(within(locations()).getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(await within(region('Hair Removal')).findByRole('radio', { name: '11:00 AM' }));
      const before = stores.card.getState().card;

      const nolita = within(locations()).getByRole('button', { name: 'Nolita' });
      await userEvent.click(nolita);
      expect(screen.getByRole('alert')).toHaveTextContent('Signature Facial is not offered in Nolita and was taken out of your booking.');
      expect(screen.queryByRole('region', { name: 'Skincare' })).not.toBeInTheDocument();
      expect(within(region('Hair Removal')).getByLabelText('Date for Hair Removal')).toHaveValue('');
      expect(nolita).toHaveAttribute('aria-pressed', 'true');
      expect(nolita).toHaveFocus();

      await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
      expect(stores.card.getState().card).toBe(before);
      expect(within(locations()).getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(region('Skincare')).getByLabelText('Therapist for Skincare')).toHaveValue('4');
      expect(within(region('Hair Removal')).getByLabelText('Date for Hair Removal')).toHaveValue(DAY);
      expect(await within(region('Hair Removal')).findByRole('radio', { name: '11:00 AM' })).toBeChecked();
      expect(screen.getByRole('status')).toHaveTextContent('Your booking is back at SoHo, as it was.');
    });

    it('Midtown takes the laser but not the facial: the pressed button keeps the focus, and Undo by keyboard puts the facial back', async () => {
      server({ [DAY]: ['11:00'] });
      setupWithNotices();
      const midtown = within(locations()).getByRole('button', { name: 'Midtown' });
      await userEvent.click(midtown);
      expect(screen.getByRole('alert')).toHaveTextContent('Signature Facial is not offered in Midtown and was taken out of your booking.');
      expect(region('Hair Removal')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Skincare' })).not.toBeInTheDocument();
      expect(midtown).toHaveFocus();
      expect(midtown).toHaveAttribute('aria-pressed', 'true');
      const undo = screen.getByRole('button', { name: 'Undo' });
      for (let stops = 0; stops < 30 && document.activeElement !== undo; stops += 1) await userEvent.tab();
      expect(undo).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(region('Hair Removal')).toBeInTheDocument();
      expect(region('Skincare')).toBeInTheDocument();
    });

    it('offers only the locations that book some service of the cart online: never Williamsburg, which books nothing online', async () => {
      server({ [DAY]: ['11:00'] });
      setupWithNotices();
      await within(region('Hair Removal')).findByRole('radio', { name: '11:00 AM' });
      expect(within(locations()).getAllByRole('button').map((button) => button.textContent)).toEqual(['SoHo', 'Midtown', 'Nolita']);
      expect(within(locations()).queryByRole('button', { name: 'Williamsburg' })).not.toBeInTheDocument();
    });

    it("follows each service's own locations (the owner's 'Bookable online at'), not its type's, and moves by them", async () => {
      server({ [DAY]: ['11:00'] });
      const services = context().services;
      // The owner took the laser off Midtown's online booking; its type is still booked there.
      const ctx = context({ patchTests: [], services: { ...services, [LASER]: { ...services[LASER]!, onlineAt: [1, 4] } } });
      renderBookingView({ card: makeCard(), context: ctx, mode: 'each', children: <Snackbar /> });
      expect(within(locations()).getAllByRole('button').map((button) => button.textContent)).toEqual(['SoHo', 'Nolita']);
      await userEvent.click(within(locations()).getByRole('button', { name: 'Nolita' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Signature Facial is not offered in Nolita and was taken out of your booking.');
    });

    it('says so when no location books any service of the cart online, and shows where the cart is', async () => {
      server({ [DAY]: ['11:00'] });
      const services = context().services;
      const ctx = context({ patchTests: [], services: { ...services, [LASER]: { ...services[LASER]!, onlineAt: [] }, [FACIAL]: { ...services[FACIAL]!, onlineAt: [] } } });
      renderBookingView({ card: makeCard(), context: ctx, mode: 'each' });
      await within(region('Hair Removal')).findByRole('radio', { name: '11:00 AM' });
      expect(within(locations()).getAllByRole('button').map((button) => button.textContent)).toEqual(['SoHo']);
      expect(within(locations()).getByRole('button', { name: 'SoHo' })).toHaveAttribute('aria-pressed', 'true');
      expect(locations()).toHaveTextContent(NO_LOCATION_BOOKS_CART);
    });
  });
});
