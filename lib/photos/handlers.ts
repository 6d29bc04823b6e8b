import 'server-only';
import { z } from 'zod';
import { ApiError, json, MAX_BODY_BYTES, parseJsonBody, parseParams, readBodyBytes } from '@/lib/api';
import { requireOwner, type Session } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { flashFormState } from '@/lib/forms/flash';
import { parsePhotoId, photoAddresses } from './address';
import { attachmentTargetSchema, setAttachedPhoto, type AttachmentChange, type AttachmentTarget } from './attachments';
import { ATTACH_ID_FIELD, ATTACH_KIND_FIELD, MAX_PHOTO_BYTES, PHOTO_FIELD, photoFieldForm, RETURN_TO_FIELD } from './field';
import { returnToSchema } from './form';
import { uploadPhoto } from './photos';
import { photoTooLarge } from './pipeline';
import { photoStore } from './store';

/**
 * The owner's photo calls behind app/api/desk/photos/**: owner only (401 signed out, 403 a customer or the front
 * desk), checked before the body is read. JSON for the API's clients and the photo field's script; a form the browser
 * posts itself (it carries `returnTo`) gets its answer over a redirect back to that desk page (lib/forms/flash.ts).
 */

/** What an upload's body may hold: the photo and a few form fields (lib/server/api-routes.mjs says the same). */
export const MAX_UPLOAD_BODY_BYTES = 16 * 1024 * 1024;

const actorOf = (session: Session) => ({ userId: session.user.id, name: session.user.name });

/**
 * A form's body read up to `maxBytes` (413 past it, whatever Content-Length said), then parsed: 415 for another
 * content type, 400 for a body that is not the form it says.
 */
async function readForm(request: Request, maxBytes: number, { multipartOnly, tooLarge }: { multipartOnly: boolean; tooLarge: () => ApiError }): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  const multipart = /^multipart\/form-data\s*;/i.test(type);
  if (!multipart && (multipartOnly || !/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type))) {
    throw new ApiError(415, 'unsupported_media_type', multipartOnly ? 'Send the photo as multipart/form-data, in a file field named photo.' : 'Send this as a form.');
  }
  const bytes = await readBodyBytes(request, maxBytes, tooLarge);
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError(400, 'bad_form', 'The form could not be read. Please send it again.');
  }
}

const bodyTooLarge = () => {
  const message = `This photo is too large; the largest the site takes is ${MAX_PHOTO_BYTES / (1024 * 1024)} MB. Choose a smaller one.`;
  return new ApiError(413, 'too_large', message, { photo: message });
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

function attachmentJson(change: AttachmentChange) {
  const photo = change.after === null ? null : parsePhotoId(change.after);
  return {
    kind: change.target.kind,
    id: change.target.id,
    subject: change.subject,
    photoId: change.after,
    photo: photo ? photoAddresses(photo) : null,
    changed: change.changed,
  };
}

/** A field's target from the form's attachKind and attachId, when it names one (422 when they do not fit). */
function formTarget(form: FormData): AttachmentTarget | undefined {
  const kind = text(form, ATTACH_KIND_FIELD);
  if (!kind) return undefined;
  const parsed = attachmentTargetSchema.safeParse({ kind, id: text(form, ATTACH_ID_FIELD) });
  if (!parsed.success) throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { [ATTACH_KIND_FIELD]: parsed.error.issues[0]!.message });
  return parsed.data;
}

/** The answer to a form the browser posted itself: back to the desk page, with the sentence kept for it. */
async function redirectBack(returnTo: string, target: AttachmentTarget | undefined, state: { outcome: 'ok' | 'error'; message: string; photoId?: string }): Promise<Response> {
  const { photoId, ...answer } = state;
  // The new photo's id goes back too: a field without a target puts it in its form's hidden input for that form's save.
  const location = await flashFormState(photoFieldForm(target), { ...answer, fields: {}, values: photoId ? { photoId } : {} }, returnTo);
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

/**
 * POST multipart: `photo` (a JPEG, PNG or WebP up to 15 MB), and optionally `attachKind` + `attachId` to show it on
 * a service, offer, therapist or the hero at once. 201 with the photo's id and addresses (200 when the same file was
 * uploaded before); with `returnTo`, a 303 back to that desk page.
 */
export async function uploadPhotoHandler(request: Request): Promise<Response> {
  const session = await requireOwner(request);
  const form = await readForm(request, MAX_UPLOAD_BODY_BYTES, { multipartOnly: true, tooLarge: bodyTooLarge });
  const returnToText = text(form, RETURN_TO_FIELD);
  const returnTo = returnToText ? returnToSchema.safeParse(returnToText) : undefined;
  if (returnTo && !returnTo.success) throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { returnTo: returnTo.error.issues[0]!.message });
  let target: AttachmentTarget | undefined;
  try {
    target = formTarget(form);
    const file = form.get(PHOTO_FIELD);
    // A form sent with no file chosen carries an empty part without a name.
    if (!(file instanceof File) || (file.size === 0 && file.name === '')) {
      throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { photo: 'Choose a photo to upload.' });
    }
    if (file.size > MAX_PHOTO_BYTES) throw photoTooLarge(file.size);
    const db = await getDb();
    const uploaded = await uploadPhoto(db, photoStore(db), new Uint8Array(await file.arrayBuffer()), session.user.id);
    const change = target ? await setAttachedPhoto(db, actorOf(session), target, uploaded.photo.id) : undefined;
    if (returnTo) return await redirectBack(returnTo.data, target, { outcome: 'ok', message: change ? 'Photo saved.' : 'Photo uploaded. Save to keep it.', photoId: uploaded.photo.id });
    return json({ photo: photoAddresses(uploaded.photo), created: uploaded.created, ...(change ? { attachment: attachmentJson(change) } : {}) }, { status: uploaded.created ? 201 : 200 });
  } catch (error) {
    if (!returnTo || !(error instanceof ApiError)) throw error;
    return redirectBack(returnTo.data, target, { outcome: 'error', message: Object.values(error.fields ?? {})[0] ?? error.message });
  }
}

const targetParams = (params: unknown) => parseParams(params, attachmentTargetSchema);
const putBody = z.object({ photoId: z.string().refine((id) => parsePhotoId(id) !== undefined, 'Give the id of an uploaded photo (as the upload answered it).') });

/** PUT { photoId }: the target shows this uploaded photo. 200 with the attachment. */
export async function attachPhotoHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const target = targetParams(params);
  const { photoId } = await parseJsonBody(request, putBody);
  return json({ attachment: attachmentJson(await setAttachedPhoto(await getDb(), actorOf(session), target, photoId)) });
}

/** DELETE: the target shows no photo (its illustration, or the file in public/ at the specification's path). */
export async function detachPhotoHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const target = targetParams(params);
  return json({ attachment: attachmentJson(await setAttachedPhoto(await getDb(), actorOf(session), target, null)) });
}

/** POST, a form the browser posts itself (`returnTo`): removes the target's photo, then a 303 back to that page. */
export async function detachPhotoFormHandler(request: Request, params: unknown): Promise<Response> {
  const session = await requireOwner(request);
  const target = targetParams(params);
  const form = await readForm(request, MAX_BODY_BYTES, { multipartOnly: false, tooLarge: () => new ApiError(413, 'too_large', 'The request body is too large.') });
  const returnTo = returnToSchema.safeParse(text(form, RETURN_TO_FIELD));
  if (!returnTo.success) throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { returnTo: returnTo.error.issues[0]!.message });
  await setAttachedPhoto(await getDb(), actorOf(session), target, null);
  return redirectBack(returnTo.data, target, { outcome: 'ok', message: 'Photo removed.' });
}
