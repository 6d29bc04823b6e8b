import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export type SubmitResult<T> = { ok: true; data: T } | { ok: false; message: string; fields: FieldErrors };

/** Field name -> first message of a zod error: the same messages the handlers send back. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Checks the values with the shared schema, then posts them as JSON. Failures come back as a message and field
 * errors, whether they were found here or by the server (422 fields, 409, 429 ...).
 */
export async function submitJson<T>(url: string, schema: z.ZodType, values: Record<string, unknown>, fetcher: typeof fetch = fetch): Promise<SubmitResult<T>> {
  const checked = schema.safeParse(values);
  if (!checked.success) return { ok: false, message: 'Please check the highlighted fields.', fields: zodFieldErrors(checked.error) };
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(values),
    });
  } catch {
    return { ok: false, message: 'We could not reach the salon. Check your connection and try again.', fields: {} };
  }
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: unknown; fields?: unknown } } | undefined;
  if (response.ok) return { ok: true, data: body as T };
  const message = typeof body?.error?.message === 'string' ? body.error.message : 'Something went wrong. Please try again.';
  const fields = body?.error?.fields && typeof body.error.fields === 'object' ? (body.error.fields as FieldErrors) : {};
  return { ok: false, message, fields };
}

/** Form values as strings, by field name. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}
