import type { Metadata } from 'next';
import { TherapistEditor } from '@/components/desk/TherapistEditor';
import { THERAPIST_FORM } from '@/components/desk/team-forms';
import { requireOwnerPage } from '@/lib/auth/staff-page';
import { readFormFlash } from '@/lib/forms/flash';

export const metadata: Metadata = { title: 'Add a therapist' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function NewTherapistPage({ searchParams }: { searchParams: Search }) {
  await requireOwnerPage('/desk/team/therapists/new/');
  const flash = await readFormFlash(THERAPIST_FORM, (await searchParams).form);
  return <TherapistEditor flash={flash} />;
}
