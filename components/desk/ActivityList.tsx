import Link from '@/components/ui/AppLink';
import { ACTIVITY_KIND_LABELS, type ActivityView } from '@/lib/activity/read';

/** The activity log's entries: when (New York time), who, what, and the fields that changed, before and after. */
export function ActivityList({ entries }: { entries: readonly ActivityView[] }) {
  return (
    <ol className="mt-4 flex flex-col gap-4">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-stone-200 p-4">
          <article aria-labelledby={`entry-${entry.id}`}>
            <p className="text-sm text-stone-700">
              <time dateTime={entry.at}>{entry.when}</time> · {entry.actor.name} · {ACTIVITY_KIND_LABELS[entry.kind]}
            </p>
            <h2 id={`entry-${entry.id}`} className="mt-1 break-words font-semibold">
              {entry.subject}: {entry.action}
            </h2>
            <p className="mt-1 break-words">{entry.summary}</p>
            {entry.changes.length > 0 ? (
              <table className="mt-3 w-full table-fixed border-collapse text-sm">
                <caption className="sr-only">What changed in {entry.subject}</caption>
                <thead>
                  <tr className="border-b border-stone-300 text-left">
                    <th scope="col" className="w-1/4 py-1 pr-2 font-semibold">
                      Field
                    </th>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      Before
                    </th>
                    <th scope="col" className="py-1 font-semibold">
                      After
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entry.changes.map((change) => (
                    <tr key={change.field} className="border-b border-stone-100 align-top">
                      <th scope="row" className="break-words py-1 pr-2 text-left font-normal">
                        {change.label}
                      </th>
                      <td className="break-words py-1 pr-2">{change.before || <span className="text-stone-600">none</span>}</td>
                      <td className="break-words py-1">{change.after || <span className="text-stone-600">none</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}

/** Newest and older pages of the log, keeping the kind chosen. */
export function ActivityPages({ kind, before, next }: { kind?: string; before?: number; next: number | null }) {
  const address = (older?: number) => {
    const query = new URLSearchParams();
    if (kind) query.set('kind', kind);
    if (older !== undefined) query.set('before', String(older));
    const text = query.toString();
    return `/desk/activity/${text ? `?${text}` : ''}`;
  };
  if (before === undefined && next === null) return null;
  return (
    <nav aria-label="Pages of the activity log" className="mt-6 flex flex-wrap gap-4">
      {before !== undefined ? (
        <Link href={address()} prefetch={false} className="font-semibold text-brand-800 underline">
          Newest changes
        </Link>
      ) : null}
      {next !== null ? (
        <Link href={address(next)} prefetch={false} className="font-semibold text-brand-800 underline">
          Older changes
        </Link>
      ) : null}
    </nav>
  );
}
