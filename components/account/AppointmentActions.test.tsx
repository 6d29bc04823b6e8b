/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { createAppStores } from '@/stores/create-stores';
import { StoresProvider } from '@/stores/provider';
import { loadNoticeList, Snackbar } from '@/components/ui/Snackbar';
import { SLOT_TAKEN_MESSAGE } from '@/lib/booking/messages';
import type { ChangeableAppointment } from './appointment-changes';
import { SIGNED_OUT_MESSAGE } from './account-state';
import { AppointmentActions } from './AppointmentActions';
import { bookedService, bookingArea } from '@/lib/booking/test-support/booking-card';

// The snackbar's notices load once the page is idle; here they are in before the first notice.
beforeAll(() => loadNoticeList());

Object.assign(globalThis, { TextEncoder, TextDecoder });
const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh }) }));

const appointment: ChangeableAppointment = {
  customerId: '55555555-5555-4555-8555-555555555555',
  appointmentId: '66666666-6666-4666-8666-666666666666',
  location: 1,
  gender: 'women',
  area: bookingArea({ area: 3, therapist: 4, date: '2026-12-05T17:00:00.000Z', note: '', services: [bookedService('33333333-3333-4333-8333-333333333333', 16384)] }),
};

const reply = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body }) as Response;

function setup(putAnswers: { status: number; body: unknown }[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.startsWith('/api/slots/')) return reply(200, { date: url.split('/')[6], slots: [{ start: 'x', time: '10:30', therapistIds: [4] }], timestamp: 'now' });
    const answer = putAnswers.shift()!;
    return reply(answer.status, answer.body);
  }) as unknown as typeof fetch;
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StoresProvider stores={createAppStores()}>
        <AppointmentActions
          appointment={appointment}
          areaName="Skincare"
          therapists={[
            { id: 0, name: 'Any Therapists' },
            { id: 4, name: 'Grace Kim' },
          ]}
          duration={60}
          today="2026-11-23"
          lastDay="2027-05-22"
        />
        <Snackbar />
      </StoresProvider>
    </SWRConfig>,
  );
  return calls;
}

beforeEach(() => refresh.mockClear());

describe('AppointmentActions', () => {
  it('marks Reschedule and Cancel as needing a script, which the page hides without one (SCRIPTS_OFF_STYLE)', () => {
    setup([]);
    for (const name of ['Reschedule', 'Cancel appointment']) expect(screen.getByRole('button', { name }).closest('[data-needs-script]')).not.toBeNull();
  });

  it('reschedules to a new day and time with the PUT of the card, then refreshes the list', async () => {
    const calls = setup([{ status: 200, body: {} }]);
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    const form = screen.getByRole('form', { name: 'Reschedule Skincare' });
    expect(within(form).getByLabelText('Therapist for Skincare')).toHaveValue('4');
    await userEvent.type(within(form).getByLabelText('Date for Skincare'), '2026-12-10');
    await userEvent.click(await within(form).findByRole('radio', { name: '10:30 AM' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Move to this time' }));
    const put = calls.find((c) => c.init?.method === 'PUT')!;
    expect(put.url).toBe(`/api/appointments/${appointment.customerId}/${appointment.appointmentId}/`);
    expect(JSON.parse(put.init!.body as string).svcAreas[0]).toMatchObject({ areaId: 3, svcTherapist: 4, svcDate: '2026-12-10 10:30' });
    expect(await screen.findByText('Your appointment was moved.')).toBeInTheDocument();
    expect(refresh).toHaveBeenCalled();
  });

  it('asks for a date and time first, and drops that message once one is being chosen; its times leave this appointment out of its own way', async () => {
    const calls = setup([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    const form = screen.getByRole('form', { name: 'Reschedule Skincare' });
    await userEvent.click(within(form).getByRole('button', { name: 'Move to this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a new date and time.');
    await userEvent.type(within(form).getByLabelText('Date for Skincare'), '2026-12-10');
    await within(form).findByRole('radio', { name: '10:30 AM' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The visit's services go along: only therapists who do them are offered.
    expect(calls.find((c) => c.url.startsWith('/api/slots/'))!.url).toBe(
      `/api/slots/1/3/4/2026-12-10/60/?exceptBooking=${appointment.appointmentId}&exceptArea=3&services=33333333-3333-4333-8333-333333333333`,
    );
  });

  it('says so when the new time was just taken (416)', async () => {
    setup([{ status: 416, body: { error: { message: 'x' } } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule' }));
    const form = screen.getByRole('form', { name: 'Reschedule Skincare' });
    await userEvent.type(within(form).getByLabelText('Date for Skincare'), '2026-12-10');
    await userEvent.click(await within(form).findByRole('radio', { name: '10:30 AM' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Move to this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_TAKEN_MESSAGE);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('cancels after one confirmation with status 2, and shows the server refusal past the cut-off', async () => {
    const calls = setup([
      { status: 422, body: { error: { message: 'Appointments can be changed or cancelled up to 24 hours before they start. Please call the salon.' } } },
      { status: 200, body: {} },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('up to 24 hours before they start');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Your appointment was cancelled.')).toBeInTheDocument();
    const puts = calls.filter((c) => c.init?.method === 'PUT');
    expect(JSON.parse(puts[1]!.init!.body as string).header.status).toBe('2');
  });

  it('signed out in another tab: says nothing changed and links to sign in again (401)', async () => {
    setup([{ status: 401, body: { error: { code: 'unauthorized', message: 'Please sign in.' } } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SIGNED_OUT_MESSAGE);
    expect(alert).not.toHaveTextContent('choices are kept');
    expect(within(alert).getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/signin/?url=%2Faccount%2F');
    expect(refresh).not.toHaveBeenCalled();
  });
});
