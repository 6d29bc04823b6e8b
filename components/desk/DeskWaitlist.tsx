import Link from '@/components/ui/AppLink';
import { formatInstantInNewYork } from '@/components/booking/format';
import { wantedText } from '@/lib/booking/waitlist';
import { backOfficeBookingPath } from '@/lib/desk/book-slot';
import { customerPagePath } from '@/lib/desk/customer-schemas';
import { formatPhone } from '@/lib/desk/phone';
import type { DeskWaitlistEntry } from '@/lib/desk/waitlist-desk';
import { removeWaitlistAction } from './waitlist-actions';
import { deskWaitlistPath, waitlistEntryPath } from './waitlist-paths';
import { SubmitButton } from './SubmitButton';

interface Props {
  rows: (DeskWaitlistEntry & { bookable: boolean })[];
  location: number;
  date: string;
  /** The entry whose removal is being confirmed (?remove=). */
  removing?: string;
}

const button = 'inline-flex min-h-11 items-center rounded-full px-4 py-2 font-semibold';

/**
 * The entries of a day's waitlist, each with its customer to open, mail and call, and its actions: book a free time
 * for its services, or remove it after a confirmation (links and forms, so all of it works without scripts).
 */
export function DeskWaitlist({ rows, location, date, removing }: Props) {
  const list = deskWaitlistPath(String(location), date);
  return (
    <ol className="mt-2 flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
      {rows.map((row, i) => (
        <li key={row.id} id={`entry-${row.id}`} className="flex flex-col gap-2 px-3 py-3">
          <p className="font-semibold">
            {i + 1}.{' '}
            <Link href={customerPagePath(row.customerId)} prefetch={false} className="text-brand-700 underline">
              {row.customerName}
            </Link>
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 break-all">
            {row.customerEmail ? (
              <a href={`mailto:${row.customerEmail}`} className="text-brand-700 underline">
                {row.customerEmail}
              </a>
            ) : (
              <span>No e-mail address</span>
            )}
            {row.customerPhone ? (
              <a href={`tel:${row.customerPhone}`} aria-label={`Call ${row.customerName} at ${formatPhone(row.customerPhone)}`} className="text-brand-700 underline">
                Call {formatPhone(row.customerPhone)}
              </a>
            ) : (
              <span>No phone number</span>
            )}
          </p>
          <p className="text-sm break-words">{row.kind === 'visit' ? `Whole visit: ${wantedText(row)}` : wantedText(row)}</p>
          <p className="text-sm text-stone-700">
            Asked {formatInstantInNewYork(row.createdAt)}
            {row.notifiedAt ? `; last told of a freed time ${formatInstantInNewYork(row.notifiedAt)}` : '; not told of a time yet'}.
          </p>
          {removing === row.id ? (
            <form action={removeWaitlistAction} className="flex flex-col gap-2 rounded-lg border border-amber-600 bg-amber-50 p-3" aria-label={`Remove ${row.customerName}`}>
              <p role="alert" className="font-semibold">
                Remove {row.customerName} from this day&apos;s waitlist? They are not told, and no longer hear of freed times.
              </p>
              <input type="hidden" name="entryId" value={row.id} />
              <input type="hidden" name="location" value={String(location)} />
              <input type="hidden" name="date" value={date} />
              <div className="flex flex-wrap gap-2">
                <SubmitButton className={`${button} bg-red-800 text-white hover:bg-red-900`} pendingText="Removing…">
                  Yes, remove
                </SubmitButton>
                <Link href={`${list}#entry-${row.id}`} prefetch={false} className={`${button} border border-stone-500 text-stone-900`}>
                  Keep {row.customerName}
                </Link>
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Link
                href={row.bookable ? waitlistEntryPath(row.id, list) : backOfficeBookingPath(row.customerId, { location, date })}
                prefetch={false}
                aria-label={`Book a time for ${row.customerName}`}
                className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
              >
                Book a time
              </Link>
              <Link
                href={`${list}${list.includes('?') ? '&' : '?'}remove=${row.id}#entry-${row.id}`}
                prefetch={false}
                aria-label={`Remove ${row.customerName} from the waitlist`}
                className={`${button} border border-red-800 text-red-800`}
              >
                Remove
              </Link>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
