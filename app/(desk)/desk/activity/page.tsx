import type { Metadata } from 'next';
import { ActivityList, ActivityPages } from '@/components/desk/ActivityList';
import { DeskButton, SelectField } from '@/components/desk/ScheduleParts';
import { ACTIVITY_KIND_LABELS, activityQuerySchema, listActivity, type ActivityQuery } from '@/lib/activity/read';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { getDb } from '@/lib/db';
import { ACTIVITY_KINDS } from '@/lib/db/schema';

export const metadata: Metadata = { title: 'Activity' };

type Search = Promise<Record<string, string | string[] | undefined>>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function ActivityPage({ searchParams }: { searchParams: Search }) {
  await requireOwnerPage('/desk/activity/');
  const params = await searchParams;
  const parsed = activityQuerySchema.safeParse({ kind: single(params.kind), before: single(params.before) });
  const query: ActivityQuery = parsed.success ? parsed.data : {};
  const { entries, next } = await listActivity(await getDb(), query);
  const kindLabel = query.kind ? ACTIVITY_KIND_LABELS[query.kind] : undefined;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">Activity</h1>
      <p className="mt-1 text-stone-700">
        Every change to the menu, the team, the hours, roles, rosters, promotions and photos, and every export: who made it, when (New York time) and what
        it changed. Newest first.
      </p>
      <form method="get" action="/desk/activity/" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField
          id="activity-kind"
          name="kind"
          label="Kind"
          options={[{ value: '', label: 'All kinds' }, ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] }))]}
          defaultValue={query.kind ?? ''}
        />
        <DeskButton variant="secondary">Show</DeskButton>
      </form>
      {parsed.success ? null : (
        <p role="alert" className="mt-4 rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
          That address asks for no kind or page the log has; here are the newest changes of every kind.
        </p>
      )}
      {entries.length === 0 ? (
        <p className="mt-6">{kindLabel ? `No changes of the kind ${kindLabel} are recorded yet.` : 'No changes are recorded yet.'}</p>
      ) : (
        <ActivityList entries={entries} />
      )}
      <ActivityPages kind={query.kind} before={query.before} next={next} />
    </div>
  );
}
