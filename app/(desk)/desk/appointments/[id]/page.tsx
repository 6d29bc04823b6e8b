import { formatPhone } from '@/lib/desk/phone';
import type { Metadata } from 'next';
import Link from '@/components/ui/AppLink';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { z } from 'zod';
import { formatInstantInNewYork } from '@/components/booking/format';
import { dayPath } from '@/lib/desk/day-form';
import { VisitActions } from '@/components/desk/VisitActions';
import { VisitDeposit } from '@/components/desk/VisitDeposit';
import { DEPOSIT_FORM } from '@/components/desk/deposit-form-names';
import { CONFIRM_CANCEL_PARAM, VISIT_FORM } from '@/components/desk/visit-form-names';
import { VisitHistory } from '@/components/desk/VisitHistory';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { customerPagePath } from '@/lib/desk/customer-schemas';
import { localDateOf, utcMsToLocal } from '@/lib/booking/dates';
import { hoursTableFrom } from '@/lib/catalog/hours';
import { getDb } from '@/lib/db';
import { attendanceActions } from '@/lib/desk/attendance';
import { ATTENDANCE_LABEL } from '@/lib/desk/day-shape';
import { readDeskVisit } from '@/lib/desk/visit';
import { visitMoney } from '@/lib/deposits/visit-money';
import { readFormFlash, type FlashState } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Front desk: visit' };

type Params = { id: string };

/** What a visit form the browser posted itself answered (changeVisitAction), as VisitActions shows it. */
function visitAnswer(flash: FlashState | undefined): { kind: 'error' | 'done'; text: string } | undefined {
  if (!flash?.message || flash.outcome === 'idle') return undefined;
  return flash.outcome === 'ok' ? { kind: 'done', text: flash.message } : { kind: 'error', text: [flash.message, ...Object.values(flash.fields)].join(' ') };
}

function NoSuchVisit() {
  return (
    <MissingRecord heading="No such visit" links={[{ href: '/desk/', label: 'Back to today' }, { href: '/desk/customers/', label: 'Find a customer' }]}>
      No visit has this address. The link may be mistyped or old: find the visit on its day or on the customer&rsquo;s page.
    </MissingRecord>
  );
}

/** One visit at the desk: what, when, with whom, its history of changes, and what the desk can do with it. */
export default async function DeskAppointmentPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  await requireStaffPage(`/desk/appointments/${encodeURIComponent(id)}/`);
  if (!z.uuid().safeParse(id).success) return <NoSuchVisit />;
  const db = await getDb();
  const visit = await readDeskVisit(db, id.toLowerCase());
  if (!visit) return <NoSuchVisit />;
  const query = await searchParams;
  const [money, flash, visitFlash] = await Promise.all([visitMoney(db, visit.appointment.bookingId), readFormFlash(DEPOSIT_FORM, query.form), readFormFlash(VISIT_FORM, query.form)]);
  const a = visit.appointment;
  const local = utcMsToLocal(a.startsAt.getTime());
  const now = visit.readAt;
  const packaged = a.lines.filter((l) => l.pkgId).map((l) => l.name);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <p>
        <Link href={dayPath(visit.location.slug, local.slice(0, 10))} prefetch={false} className="font-semibold text-brand-800 underline">
          Back to {visit.location.name}, that day
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold">Visit of {visit.customer.name}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:text-base">
        <dt className="font-semibold">When</dt>
        <dd>{formatInstantInNewYork(a.startsAt.toISOString())}, {Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000)} minutes</dd>
        <dt className="font-semibold">Where</dt>
        <dd>
          {visit.location.name}, {visit.areaName}
        </dd>
        <dt className="font-semibold">Therapist</dt>
        <dd>{visit.therapistName}</dd>
        <dt className="font-semibold">Services</dt>
        <dd>{a.lines.map((l) => l.name).join(', ')}</dd>
        <dt className="font-semibold">Package</dt>
        <dd>{packaged.length ? `A package session covers ${packaged.join(', ')}` : 'None'}</dd>
        <dt className="font-semibold">Status</dt>
        <dd data-testid="visit-status">
          {a.status === 'cancelled' ? 'Cancelled' : 'Booked'}
          {a.attendance ? `, ${ATTENDANCE_LABEL[a.attendance]}` : ''}
        </dd>
        <dt className="font-semibold">Note</dt>
        <dd className="break-words">{a.note || 'None'}</dd>
        <dt className="font-semibold">Customer</dt>
        <dd className="break-all">
          <Link href={customerPagePath(visit.customer.id)} prefetch={false} className="font-semibold text-brand-800 underline">
            {visit.customer.name}
          </Link>
          , {visit.customer.email ?? 'no e-mail address'}
          {visit.customer.phone ? (
            <>
              ,{' '}
              <a href={`tel:${visit.customer.phone}`} className="whitespace-nowrap text-brand-700 underline">
                {formatPhone(visit.customer.phone)}
              </a>
            </>
          ) : null}
        </dd>
      </dl>
      <VisitActions
        id={a.id}
        booked={a.status === 'booked'}
        marked={a.attendance !== null}
        attendance={attendanceActions({ status: a.status, attendance: a.attendance, startsAt: a.startsAt.getTime() }, now)}
        date={local.slice(0, 10)}
        time={local.slice(11)}
        minutes={Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000)}
        therapistId={a.therapistId}
        therapists={visit.therapists}
        started={a.startsAt.getTime() <= now}
        mailed={visit.customer.email !== null}
        hours={hoursTableFrom(visit.location.id, localDateOf(now))}
        answer={visitAnswer(visitFlash)}
        confirmingCancel={query[CONFIRM_CANCEL_PARAM] === 'cancel'}
      />
      <VisitDeposit money={money} bookingId={a.bookingId} appointmentId={a.id} flash={flash} />
      <VisitHistory events={visit.events} therapistName={(tid) => visit.therapists.find((t) => t.id === tid)?.name ?? `therapist ${tid}`} />
    </div>
  );
}
