/**
 * The photo field's names and addresses, shared by the owner's field in the browser (components/desk/PhotoField.tsx)
 * and the handlers (lib/photos/handlers.ts). No server code here.
 */
import type { AttachmentKind } from './attachment-kinds';

export const PHOTO_FIELD = 'photo';
export const ATTACH_KIND_FIELD = 'attachKind';
export const ATTACH_ID_FIELD = 'attachId';
/** Set only by a form the browser posts itself: the desk page the answer redirects back to. */
export const RETURN_TO_FIELD = 'returnTo';

/** What the file input asks the phone's picker for: these three (an iPhone then hands over its HEIC photos as JPEG). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** The largest file taken: a 12 MP phone JPEG is 2 to 5 MB, a 50 MP one about 15. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

export const UPLOAD_PATH = '/api/desk/photos/';

export interface PhotoTargetRef {
  kind: AttachmentKind;
  id: string | number;
}

export function attachmentPath(target: PhotoTargetRef): string {
  return `/api/desk/photos/attachments/${target.kind}/${encodeURIComponent(String(target.id))}/`;
}

/** The no-script form's remove address (a form cannot send DELETE). */
export function removeFormPath(target: PhotoTargetRef): string {
  return `${attachmentPath(target)}remove/`;
}

/** The name a field's answer is kept under across the redirect (lib/forms/flash.ts): one per target. */
export function photoFieldForm(target: PhotoTargetRef | undefined): string {
  return target ? `photo:${target.kind}:${target.id}` : 'photo';
}
