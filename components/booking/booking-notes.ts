import { NOTES_STORAGE_KEY } from './messages';

/**
 * The notes this tab kept per area (sessionStorage, which the server cannot read): none, or none readable, is {}.
 * Their schema loads only when notes are kept; a failure to load it rejects, for the page to say.
 */
export async function readNotes(): Promise<Record<number, string>> {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(NOTES_STORAGE_KEY);
  } catch {
    return {};
  }
  if (raw === null || raw === '{}') return {};
  const { notesSchema } = await import('./notes-schema');
  let parsed: ReturnType<typeof notesSchema.safeParse>;
  try {
    parsed = notesSchema.safeParse(JSON.parse(raw));
  } catch {
    return {};
  }
  return parsed.success ? Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [Number(k), v])) : {};
}
