import { z } from 'zod';
import { ApiError, fieldErrors } from './errors';

/** Bodies of this API are small forms and appointment cards; anything larger is refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

const bodyTooLarge = () => new ApiError(413, 'too_large', 'The request body is too large.');

/**
 * A request's body, read up to `maxBytes`: `tooLarge()` (413) when Content-Length says more or the bytes pass it,
 * whatever Content-Length said, so a body is never held whole past its route's limit.
 */
export async function readBodyBytes(request: Request, maxBytes: number, tooLarge: () => ApiError = bodyTooLarge): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function readText(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readBodyBytes(request, maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, 'bad_json', 'The request body is not valid UTF-8 JSON.');
  }
}

/**
 * The JSON body, checked by `schema`: 415 without a JSON content type (which also keeps plain HTML forms of other
 * sites out), 413 when too large, 400 when not JSON, 422 with field messages when it does not fit the schema.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_BODY_BYTES): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).');
  }
  const text = await readText(request, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'bad_json', 'The request body is not valid JSON.');
  }
  const badText = firstBadText(data);
  if (badText !== undefined) {
    throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { [badText || '_']: 'This text holds a character that cannot be stored (a NUL or other control character).' });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', fieldErrors(parsed.error));
  return parsed.data;
}

/** C0 control characters other than tab, line feed and carriage return, and DEL: no text of this site holds them. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The path ('a.b.0', '' for the whole body) of the first string in `value`, key or value, that PostgreSQL cannot
 * store (NUL, a lone surrogate) or that no form of the site sends (a control character); undefined when none.
 */
export function firstBadText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) || !value.isWellFormed() ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTER.test(key) || !key.isWellFormed()) return itemPath;
    const found = firstBadText(item, itemPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Query parameters (the last value of each name) checked by `schema`; 400 with field messages otherwise. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams.entries());
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new ApiError(400, 'bad_query', 'The query parameters are not valid.', fieldErrors(parsed.error));
  return parsed.data;
}

/** Path parameters checked by `schema`; 400 with field messages otherwise. */
export function parseParams<S extends z.ZodType>(params: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(params ?? {});
  if (!parsed.success) throw new ApiError(400, 'bad_params', 'The address is not valid.', fieldErrors(parsed.error));
  return parsed.data;
}
