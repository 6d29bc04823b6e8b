import Link from '@/components/ui/AppLink';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { FormMessage } from '@/components/account/Field';
import { backOfficeBookingPath } from '@/lib/desk/book-slot';
import { deskCustomerPage } from '@/lib/desk/customer-page';
import { EDIT_CUSTOMER_FORM, NOTE_FORM, NOTE_MAX_LENGTH } from '@/lib/desk/customer-schemas';
import { formatPhone } from '@/lib/desk/phone';
import { formatInstantInNewYork } from '@/lib/booking/dates';
import { readFormFlash } from '@/lib/forms/flash';
import { saveNoteAction } from './customer-actions';
import { CustomerContactForm } from './CustomerContactForm';
import { splitVisits, VisitList } from './CustomerVisits';
import { SubmitButton } from './SubmitButton';

type Query = Record<string, string | string[] | undefined>;

/** What the page says after the contact form saved (?details=). */
const DETAILS_SAVED: Record<string, string> = {
  saved: 'Details saved.',
  email: 'Details saved. We mailed the old and the new address about the change.',
  same: 'Nothing changed.',
};

/** An address that names no customer (a mistyped id, a link to an account that is gone). */
export function NoSuchCustomer() {
  return (
    <MissingRecord heading="No such customer" links={[{ href: '/desk/customers/', label: 'Find a customer' }, { href: '/desk/', label: 'Back to today' }]}>
      No customer has this address. The link may be mistyped or old: find them by name, e-mail or phone.
    </MissingRecord>
  );
}

/** The desk's page of a customer (the caller checked the staff role): contact, visits, packages, note. */
export async function CustomerDetail({ id, query }: { id: string; query: Query }) {
  const page = await deskCustomerPage(id);
  if (!page) return <NoSuchCustomer />;
  const { customer, bookings, packages, note } = page;
  const [answer, contactAnswer] = await Promise.all([readFormFlash(NOTE_FORM, query.form), readFormFlash(EDIT_CUSTOMER_FORM, query.form)]);
  const detailsSaved = contactAnswer ? undefined : DETAILS_SAVED[String(query.details)];
  const { upcoming, past } = splitVisits(bookings);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold break-words">{customer.name}</h1>
        {query.created === '1' ? (
          <p role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
            Customer created.
          </p>
        ) : null}
        {detailsSaved ? (
          <p role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
            {detailsSaved}
          </p>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">E-mail</dt>
          <dd className="min-w-0 break-all">{customer.email ?? 'None: this customer gets no mails.'}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{customer.phone ? <a href={`tel:${customer.phone}`} className="text-brand-700 underline">{formatPhone(customer.phone)}</a> : 'None'}</dd>
          {customer.walkIn ? (
            <>
              <dt className="font-semibold">Walk-in</dt>
              <dd>Booked by name only</dd>
            </>
          ) : null}
        </dl>
        {customer.closed ? (
          <p className="rounded border border-stone-400 bg-stone-50 px-3 py-2">This account is closed: its details cannot be changed.</p>
        ) : customer.isCustomer ? (
          <CustomerContactForm customer={customer} answer={contactAnswer} />
        ) : null}
        <p>
          <Link href={backOfficeBookingPath(customer.id, {})} prefetch={false} className="inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
            Book for this customer
          </Link>
        </p>
      </div>

      <VisitList id="upcoming-heading" title="Upcoming visits" visits={upcoming} empty="No upcoming visits." />
      <VisitList id="past-heading" title="Past and cancelled visits" visits={past} empty="No past visits." />

      <section aria-labelledby="packages-heading" className="flex flex-col gap-2">
        <h2 id="packages-heading" className="text-xl font-semibold">
          Packages and bundles
        </h2>
        {packages.length === 0 ? (
          <p>No packages.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
            {packages.map((pkg) => (
              <li key={pkg.key} className="flex flex-wrap justify-between gap-2 p-3">
                <span>
                  <span className="font-semibold">{pkg.title}</span> <span className="text-sm text-gray-800">· {pkg.service}</span>
                </span>
                <span>
                  {pkg.left} of {pkg.total} {pkg.total === 1 ? 'session' : 'sessions'} left
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form action={saveNoteAction} aria-labelledby="note-heading" className="flex flex-col gap-2">
        <h2 id="note-heading" className="text-xl font-semibold">
          Staff note
        </h2>
        <input type="hidden" name="customerId" value={customer.id} />
        {query.note === 'saved' && !answer ? (
          <p role="status" className="rounded border border-green-700 bg-green-50 px-3 py-2 text-green-900">
            Note saved.
          </p>
        ) : null}
        <FormMessage message={answer?.outcome === 'error' ? (answer.fields.note ?? answer.message) : undefined} />
        <label htmlFor="staff-note" className="font-semibold">
          Note for the desk (the customer never sees it)
        </label>
        <textarea
          id="staff-note"
          name="note"
          rows={4}
          maxLength={NOTE_MAX_LENGTH}
          defaultValue={answer?.values.note ?? note?.note ?? ''}
          aria-describedby={note ? 'staff-note-meta' : undefined}
          className="rounded border border-gray-500 px-3 py-2"
        />
        {note ? (
          <p id="staff-note-meta" className="text-sm text-gray-700">
            Last changed {formatInstantInNewYork(note.updatedAt.toISOString())}
            {note.updatedBy ? ` by ${note.updatedBy}` : ''}.
          </p>
        ) : null}
        <SubmitButton className="self-start rounded-full border border-brand-700 px-5 py-2 font-semibold text-brand-700">
          Save note
        </SubmitButton>
      </form>
    </div>
  );
}
