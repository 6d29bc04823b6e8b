import { isTherapistIdText } from '@/lib/team/therapist-id';

/** The team pages' form keys (the flash cookie's `form`) and addresses, shared by the pages and their actions. */
export const TEAM_FORM = 'team';
export const THERAPIST_FORM = 'therapist';
export const INVITATION_FORM = 'invitation';

/** A therapist's page, or the new therapist's for an id that is not one. */
export const therapistPagePath = (id: string | number) => (isTherapistIdText(String(id)) ? `/desk/team/therapists/${id}/` : '/desk/team/therapists/new/');
