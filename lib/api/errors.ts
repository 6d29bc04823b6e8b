import { z } from 'zod';

/** The error body of every handler: `{ error: { code, message, fields? } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Thrown anywhere below a handler; apiHandler() turns it into its JSON answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A 422 that names the one field at fault, as the forms show it. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError(422, 'invalid', 'Please check the highlighted fields.', { [field]: message });
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(status: number, code: string, message: string, fields?: Record<string, string>, headers?: HeadersInit): Response {
  const body: ApiErrorBody = { error: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) } };
  return json(body, { status, headers });
}

/** Field name -> first message, for forms. Issues about the whole value are keyed '_'. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export const unauthorized = (message = 'Please sign in.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You cannot access this.') => new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message);

export function toResponse(error: unknown): Response {
  if (error instanceof ApiError) return errorResponse(error.status, error.code, error.message, error.fields, error.headers);
  if (error instanceof z.ZodError) return errorResponse(422, 'invalid', 'Please check the highlighted fields.', fieldErrors(error));
  console.error('[api] unexpected error', error);
  return errorResponse(500, 'internal', 'Something went wrong on our side. Please try again.');
}
