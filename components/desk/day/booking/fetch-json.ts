/** The desk panel's requests: JSON in and out, a failure as the server's sentence (or a plain one). */
export class DeskRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

async function answerOf<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string; fields?: Record<string, string> } } | null;
  if (response.ok) return body as T;
  if (response.status === 401) throw new DeskRequestError(401, 'Your session has ended: please sign in again.', body);
  const fields = body?.error?.fields ? [...new Set(Object.values(body.error.fields))].filter((f) => f !== body?.error?.message).join(' ') : '';
  const message = [body?.error?.message ?? 'That did not work. Please try again.', fields].filter(Boolean).join(' ');
  throw new DeskRequestError(response.status, message, body);
}

export async function getJson<T>(url: string): Promise<T> {
  return answerOf<T>(await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' }));
}

export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  return answerOf<T>(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(body) }));
}
