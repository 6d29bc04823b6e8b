/**
 * What the server actions' tests share: a form's fields as the browser posts them, and where an action redirected
 * (Next.js's redirect() throws an error whose digest names the target).
 */

export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The path an action redirected to; fails the test when it ended any other way. */
export async function redirectOf(action: Promise<unknown>): Promise<string> {
  const error = await action.then(
    () => undefined,
    (thrown: unknown) => thrown as { digest?: string },
  );
  const [kind, , target] = error?.digest?.split(';') ?? [];
  if (kind !== 'NEXT_REDIRECT') throw new Error(`Expected a redirect, got ${String(error?.digest ?? error ?? 'none')}`);
  return target!;
}
