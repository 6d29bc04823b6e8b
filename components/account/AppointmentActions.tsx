'use client';

import { useRouter } from 'next/navigation';
import Link from '@/components/ui/AppLink';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useStoreApis } from '@/stores/provider';
import { withProgress } from '@/stores/ui-store';
import { AreaChoices } from '@/components/booking/AreaChoices';
import type { TherapistOption } from '@/components/booking/booking-types';
import { failureMessage, NETWORK_FAILURE_MESSAGE } from '@/components/booking/messages';
import { SLOT_TAKEN_MESSAGE } from '@/lib/booking/messages';
import { SLOT_KEY_PREFIX } from '@/components/booking/slots-client';
import { SIGNED_OUT_MESSAGE } from './account-state';
import { areaServiceIds } from '@/lib/booking/card';
import { cancelBody, rescheduleBody, type ChangeableAppointment } from './appointment-changes';


type Mode = 'idle' | 'reschedule' | 'cancel';
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string } | { kind: 'signed-out' };

export interface AppointmentActionsProps {
  appointment: ChangeableAppointment;
  areaName: string;
  therapists: TherapistOption[];
  duration: number;
  today: string;
  lastDay: string;
}

/** Reschedule (same rules as booking) and cancel one upcoming appointment; the server enforces the 24-hour cut-off. */
export function AppointmentActions({ appointment, areaName, therapists, duration, today, lastDay }: AppointmentActionsProps) {
  const router = useRouter();
  const stores = useStoreApis();
  const { mutate } = useSWRConfig();
  const [mode, setMode] = useState<Mode>('idle');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [therapist, setTherapist] = useState(appointment.area.therapist);
  const [date, setDate] = useState('');
  const [time, setTime] = useState<string | undefined>();
  const prefix = `apt-${appointment.appointmentId.slice(0, 8)}-${appointment.area.area}`;

  async function send(body: unknown, done: string) {
    setStatus({ kind: 'sending' });
    try {
      const response = await withProgress(stores.ui, () =>
        fetch(`/api/appointments/${appointment.customerId}/${appointment.appointmentId}/`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (response.ok) {
        // The list is drawn again without this row's old state, so the news goes to the snackbar.
        stores.ui.getState().notify({ variant: 'success', message: done, duration: 5000 });
        setStatus({ kind: 'idle' });
        setMode('idle');
        router.refresh();
        return;
      }
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 401) {
        // Signed out meanwhile (another tab, an ended session): nothing was changed, and signing in again is the way on.
        setStatus({ kind: 'signed-out' });
        return;
      }
      if (response.status === 416) {
        setTime(undefined);
        setStatus({ kind: 'error', message: SLOT_TAKEN_MESSAGE });
        await mutate((key) => typeof key === 'string' && key.startsWith(SLOT_KEY_PREFIX));
        return;
      }
      setStatus({ kind: 'error', message: failureMessage(response.status, (answer as { error?: { message?: unknown } } | null)?.error?.message) });
    } catch {
      setStatus({ kind: 'error', message: NETWORK_FAILURE_MESSAGE });
    }
  }

  const sending = status.kind === 'sending';
  return (
    <div className="mt-3 flex flex-col gap-3">
      {mode === 'idle' ? (
        // Both open a form only a script draws: without one the page's notice says so, and they are not offered.
        <div className="flex flex-wrap gap-3" data-needs-script="">
          <button
            type="button"
            onClick={() => {
              setMode('reschedule');
              setStatus({ kind: 'idle' });
            }}
            className="min-h-11 rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700"
          >
            Reschedule
          </button>
          <button
            type="button"
            onClick={() => {
              setMode('cancel');
              setStatus({ kind: 'idle' });
            }}
            className="min-h-11 rounded-lg border border-red-800 px-4 py-2 font-semibold text-red-800"
          >
            Cancel appointment
          </button>
        </div>
      ) : null}

      {mode === 'reschedule' ? (
        <form
          aria-label={`Reschedule ${areaName}`}
          className="flex flex-col gap-3 rounded-lg bg-brand-50 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!date || !time) {
              setStatus({ kind: 'error', message: 'Please choose a new date and time.' });
              return;
            }
            void send(rescheduleBody(appointment, therapist, date, time), 'Your appointment was moved.');
          }}
        >
          <AreaChoices
            idPrefix={prefix}
            location={String(appointment.location)}
            areaId={appointment.area.area}
            areaName={areaName}
            therapists={therapists}
            therapist={therapist}
            date={date}
            time={time}
            duration={duration}
            today={today}
            lastDay={lastDay}
            moving={{ bookingId: appointment.appointmentId, areaId: appointment.area.area }}
            serviceIds={areaServiceIds(appointment.area)}
            onTherapist={(id) => {
              setTherapist(id);
              setDate('');
              setTime(undefined);
            }}
            onDate={(value) => {
              setDate(value);
              setTime(undefined);
              // 'Please choose a new date and time.' or a refused time no longer applies once another is being chosen.
              if (status.kind === 'error') setStatus({ kind: 'idle' });
            }}
            onTime={(value) => {
              setTime(value);
              if (value && status.kind === 'error') setStatus({ kind: 'idle' });
            }}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={sending} className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-70">
              {sending ? 'Saving…' : 'Move to this time'}
            </button>
            <button type="button" onClick={() => setMode('idle')} className="min-h-11 px-4 py-2 font-semibold text-brand-700 underline">
              Keep the current time
            </button>
          </div>
        </form>
      ) : null}

      {mode === 'cancel' ? (
        <div className="flex flex-col gap-3 rounded-lg bg-red-50 p-3">
          <p className="font-semibold">Cancel this {areaName} appointment?</p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              disabled={sending}
              onClick={() => void send(cancelBody(appointment), 'Your appointment was cancelled.')}
              className="min-h-11 rounded-lg bg-red-800 px-4 py-2 font-semibold text-white disabled:opacity-70"
            >
              {sending ? 'Cancelling…' : 'Yes, cancel it'}
            </button>
            <button type="button" onClick={() => setMode('idle')} className="min-h-11 px-4 py-2 font-semibold text-brand-700 underline">
              Keep it
            </button>
          </div>
        </div>
      ) : null}

      <div aria-live="polite">
        {status.kind === 'error' ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
            {status.message}
          </p>
        ) : null}
        {status.kind === 'signed-out' ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
            {SIGNED_OUT_MESSAGE}{' '}
            <Link href="/signin/?url=%2Faccount%2F" className="underline">
              Sign in again
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
