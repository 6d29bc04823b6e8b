import type { Metadata } from 'next';
import { TherapistEditor } from '@/components/desk/TherapistEditor';
import { THERAPIST_FORM } from '@/components/desk/team-forms';
import { MissingRecord } from '@/components/layout/MissingRecord';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { getDb } from '@/lib/db';
import { visitsToComeOf } from '@/lib/desk/schedule';
import { readFormFlash } from '@/lib/forms/flash';
import { PhotoForm } from '@/components/desk/PhotoField';
import { readPhotoFieldAnswer } from '@/lib/photos/form';
import { readTherapist, retirementImpact } from '@/lib/team/therapists';
import { isTherapistIdText } from '@/lib/team/therapist-id';

export const metadata: Metadata = { title: 'Therapist' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TherapistPage({ params, searchParams }: Props) {
  const { id } = await params;
  await requireOwnerPage(`/desk/team/therapists/${encodeURIComponent(id)}/`);
  const query = await searchParams;
  const db = await getDb();
  const therapist = isTherapistIdText(id) ? await readTherapist(db, Number(id)) : undefined;
  if (!therapist || therapist.retired) {
    return (
      <MissingRecord
        heading={therapist ? `${therapist.name} is retired` : 'No such therapist'}
        links={[
          { href: '/desk/team/', label: 'Back to the team' },
          { href: '/desk/', label: 'Today at the desk' },
        ]}
      >
        {therapist ? 'A retired therapist is kept only for past visits.' : 'This address names no therapist of the salon.'}
      </MissingRecord>
    );
  }
  const photoTarget = { kind: 'therapist', id: therapist.id } as const;
  // ?retire=1: the question before retiring (a link, so it works without scripts); ?retire=refused: the visits in the way.
  const [flash, visitsToCome, retirement, photoAnswer] = await Promise.all([
    readFormFlash(THERAPIST_FORM, query.form),
    query.retire === 'refused' ? visitsToComeOf(db, therapist.id) : Promise.resolve(undefined),
    query.retire === '1' ? retirementImpact(db, therapist.id) : Promise.resolve(undefined),
    readPhotoFieldAnswer(photoTarget, query.form),
  ]);
  return (
    <>
      <TherapistEditor therapist={therapist} flash={flash} visitsToCome={visitsToCome} retirement={retirement} />
      <section aria-labelledby="therapist-photo" className="mx-auto w-full max-w-3xl px-4 pb-8">
        <h2 id="therapist-photo" className="text-xl font-bold">
          Photo
        </h2>
        <PhotoForm label={`Photo of ${therapist.name}`} photoId={therapist.photoId ?? null} target={photoTarget} returnTo={`/desk/team/therapists/${therapist.id}/`} answer={photoAnswer} />
      </section>
    </>
  );
}
