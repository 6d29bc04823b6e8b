/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { TimePicker } from './TimePicker';
import type { VisitAnswer } from './visit-client';
import { VisitPicker } from './VisitPicker';
import { WaitlistProvider } from './waitlist-context';
import { allServiceItems } from '@/lib/catalog/catalog';
import { editCard } from '@/stores/card-edits';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';

const TODAY = '2026-12-01';
const reply = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;

/** No free time on any day; POST /api/waitlist/ answers with `joinAnswer`. */
function server(joinAnswer: { status: number; body: unknown } = { status: 201, body: { id: 'x' } }, closure?: string) {
  const posts: { url: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/slots/')) return reply(200, { date: url.split('/')[6], slots: [], timestamp: 'now', ...(closure ? { closure } : {}) });
    if (url.startsWith('/api/visits/')) {
      const params = new URL(url, 'http://x').searchParams;
      const days = Array.from({ length: 14 }, (_, i) => ({
        date: `2026-12-${String(i + 1).padStart(2, '0')}`,
        count: i === 3 ? 2 : 0,
        ...(i === 4 ? { closure: 'Staff training' } : {}),
      }));
      const answer: VisitAnswer = { days, date: params.get('date') ?? TODAY, times: [], timestamp: 'now' };
      return reply(200, answer);
    }
    posts.push({ url, body: JSON.parse(String(init?.body)) });
    return reply(joinAnswer.status, joinAnswer.body);
  }) as unknown as typeof fetch;
  return posts;
}

function wrap(children: ReactNode, signedIn: boolean | null, stores = createAppStores()) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StoresProvider stores={stores}>{signedIn === null ? children : <WaitlistProvider signedIn={signedIn}>{children}</WaitlistProvider>}</StoresProvider>
    </SWRConfig>,
  );
}

const timePicker = (
  <TimePicker
    name="area1-time"
    label="Time for Hair Removal"
    location="1"
    areaId={1}
    therapistId={2}
    date="2026-12-05"
    duration={30}
    lastDay="2026-12-08"
    value={undefined}
    onChange={() => undefined}
    onPickDate={() => undefined}
  />
);

const visitPicker = (
  <VisitPicker
    location="1"
    areas={[
      { areaId: 1, therapistId: 0, duration: 30 },
      { areaId: 3, therapistId: 4, duration: 60 },
    ]}
    today={TODAY}
    lastDay="2027-05-30"
    chosenDate={undefined}
    isChosen={() => false}
    onChoose={() => undefined}
  />
);

describe('the waitlist offer on a day without a fitting time', () => {
  it('a signed-in customer joins for the area, therapist and minutes of that day', async () => {
    const posts = server();
    wrap(timePicker, true);
    expect(await screen.findByText('There are no free times on Saturday, December 5.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Tell me if a time frees up' }));
    expect(await screen.findByText(/You are on the waitlist for Saturday, December 5/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'your account page' })).toHaveAttribute('href', expect.stringMatching(/^\/account\/?$/));
    expect(posts).toEqual([{ url: '/api/waitlist/', body: { location: '1', date: '2026-12-05', kind: 'area', areas: [{ areaId: 1, therapistId: 2, minutes: 30 }] } }]);
  });

  it("sends the area's services from the booking cart with the wish, for the mail's link", async () => {
    const posts = server();
    const stores = createAppStores();
    const wax = allServiceItems().find((item) => item.areaId === 1 && item.gen === 0)!;
    editCard(stores.card).addService({ id: wax.id, areaId: 1, svcTypeId: wax.svcType, gen: 0 }, { location: 1 });
    wrap(timePicker, true, stores);
    await userEvent.click(await screen.findByRole('button', { name: 'Tell me if a time frees up' }));
    expect(await screen.findByText(/You are on the waitlist for Saturday, December 5/)).toBeInTheDocument();
    expect(posts).toEqual([{ url: '/api/waitlist/', body: { location: '1', date: '2026-12-05', kind: 'area', areas: [{ areaId: 1, therapistId: 2, minutes: 30, services: [wax.id] }] } }]);
  });

  it('says why when the waitlist refuses, and asks to sign in again on a 401', async () => {
    server({ status: 422, body: { error: { message: 'You are on 20 waitlists already. Leave one on your account page first.' } } });
    wrap(timePicker, true);
    await userEvent.click(await screen.findByRole('button', { name: 'Tell me if a time frees up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are on 20 waitlists already.');

    server({ status: 401, body: { error: { message: 'Please sign in.' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Tell me if a time frees up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in again to join the waitlist.');
  });

  it('a signed-out customer is sent to the sign-in step first', async () => {
    const posts = server();
    wrap(timePicker, false);
    const link = await screen.findByRole('link', { name: 'Sign in below' });
    expect(link).toHaveAttribute('href', '#booking-signin');
    expect(screen.queryByRole('button', { name: 'Tell me if a time frees up' })).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('a day the salon is closed says so by the closure\'s name, and offers no waitlist', async () => {
    server(undefined, 'Thanksgiving Day');
    wrap(timePicker, true);
    expect(await screen.findByText('The salon is closed on Saturday, December 5 (Thanksgiving Day).')).toBeInTheDocument();
    expect(screen.queryByText(/There are no free times/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tell me if a time frees up' })).not.toBeInTheDocument();
  });

  it('is not offered where no page asks for it (a reschedule on the account page)', async () => {
    server();
    wrap(timePicker, null);
    expect(await screen.findByText('There are no free times on Saturday, December 5.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tell me if a time frees up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in below' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading the waitlist…')).not.toBeInTheDocument();
  });

  it('the visit strip lets a full day be chosen, and the whole visit joins the waitlist', async () => {
    const posts = server();
    wrap(visitPicker, true);
    const strip = await screen.findByRole('group', { name: 'Day of your visit' });
    const full = within(strip).getByRole('button', { name: 'Wed 2 Dec: no free time' });
    expect(full).toBeEnabled();
    // A closed day has nothing to wait for.
    expect(within(strip).getByRole('button', { name: 'Sat 5 Dec: closed (Staff training)' })).toBeDisabled();
    await userEvent.click(full);
    expect(await screen.findByText('There is no time for the whole visit on Wednesday, December 2. The marked days have one.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Tell me if a time frees up' }));
    expect(await screen.findByText(/You are on the waitlist for Wednesday, December 2/)).toBeInTheDocument();
    expect(posts[0]!.body).toEqual({
      location: '1',
      date: '2026-12-02',
      kind: 'visit',
      areas: [
        { areaId: 1, therapistId: 0, minutes: 30 },
        { areaId: 3, therapistId: 4, minutes: 60 },
      ],
    });
  });

  it('without the waitlist a full day of the strip stays disabled', async () => {
    server();
    wrap(visitPicker, null);
    const strip = await screen.findByRole('group', { name: 'Day of your visit' });
    expect(within(strip).getByRole('button', { name: 'Wed 2 Dec: no free time' })).toBeDisabled();
  });
});
