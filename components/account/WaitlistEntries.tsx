import { formatDay, formatInstantInNewYork } from '@/components/booking/format';
import { backend } from '@/lib/backend';
import { waitlistOf, wantedText } from '@/lib/booking/waitlist';
import { LeaveWaitlistButton } from './LeaveWaitlistButton';

/**
 * The days the signed-in customer waits for (lib/booking/waitlist.ts), each with a button to leave it. The waitlist
 * lives in this site's database: with an upstream salon API (proxy mode) there is none to show.
 */
export async function WaitlistEntries() {
  const user = await backend().sessionUser();
  if (!user) return null;
  const entries = await waitlistOf(user.id);
  return (
    <section aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading" className="mb-3 text-2xl font-semibold">
        Your waitlist
      </h2>
      {entries.length === 0 ? (
        <p>You are not waiting for any day. When a day has no fitting time on the booking page, you can ask to be told if one frees up.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-gray-700">We e-mail you when a fitting time frees up on these days. The time is not held: book it soon.</p>
          <ul className="flex flex-col gap-3">
            {entries.map((entry) => (
              <li key={entry.id} className="rounded-xl border border-brand-100 p-4">
                <p className="font-semibold">
                  {formatDay(entry.date)} at {entry.locationName}
                </p>
                <p className="text-sm break-words">{wantedText(entry)}</p>
                {entry.notifiedAt ? <p className="text-sm text-gray-700">We last told you of a freed time on {formatInstantInNewYork(entry.notifiedAt)}.</p> : null}
                <LeaveWaitlistButton entryId={entry.id} label={`${formatDay(entry.date)} at ${entry.locationName}`} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
