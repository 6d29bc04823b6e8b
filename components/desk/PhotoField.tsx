'use client';

import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { parsePhotoId, photoSrc, type PhotoAddresses } from '@/lib/photos/address';
import {
  ATTACH_ID_FIELD,
  ATTACH_KIND_FIELD,
  attachmentPath,
  MAX_PHOTO_BYTES,
  PHOTO_ACCEPT,
  PHOTO_FIELD,
  removeFormPath,
  RETURN_TO_FIELD,
  UPLOAD_PATH,
  type PhotoTargetRef,
} from '@/lib/photos/field';
import { answerMessage, sendPhotoCall } from './photo-upload';
import { useHydrated } from '@/components/ui/use-hydrated';

const MEGABYTE = 1024 * 1024;
const TYPES = PHOTO_ACCEPT.split(',');

type Status = { kind: 'idle' } | { kind: 'busy'; message: string; progress?: number } | { kind: 'ok'; message: string } | { kind: 'error'; message: string };

export interface PhotoFieldProps {
  /** The visible label: 'Photo', "Elena's photo". */
  label: string;
  /** The photo shown now (its id), if any. */
  photoId?: string | null;
  /**
   * What the photo is shown on. Given: an upload shows it there at once and Remove takes it away (the attachment
   * calls). Not given: the field only uploads, and the surrounding form saves the id it holds in `name`.
   */
  target?: PhotoTargetRef;
  /** The hidden input that holds the current photo id for the surrounding form. */
  name?: string;
  /** The desk page a form posted without JavaScript comes back to (its path, e.g. '/desk/menu/?service=…'). */
  returnTo: string;
  /** The answer a post without JavaScript left for this field (lib/photos/form.ts readPhotoFieldAnswer). */
  answer?: { outcome: 'idle' | 'ok' | 'error'; message?: string; values?: Record<string, string> };
  /** Told the new photo id (null when removed). */
  onChange?: (photoId: string | null) => void;
}

/**
 * The owner's photo field: a file input that opens the phone's camera or photo library (JPEG, PNG, WebP; an iPhone
 * hands over its HEIC photos as JPEG for these types), the photo now, the upload's progress, then the saved photo or
 * a sentence saying why not, and Remove. With scripts a chosen file uploads at once. Without them it is part of the
 * form it sits in: 'Upload photo' and 'Remove photo' post that form to the photo routes (formaction), which answer
 * over a redirect back to `returnTo`. Outside any form, use PhotoForm.
 */
export function PhotoField({ label, photoId = null, target, name = 'photoId', returnTo, answer, onChange }: PhotoFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // True once the scripts run the field.
  const scripted = useHydrated();
  // After a post without scripts, the photo it uploaded (the page's own data may not show it yet).
  const [current, setCurrent] = useState<string | null>(answer?.values?.photoId || photoId);
  const [preview, setPreview] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>(answer?.message ? { kind: answer.outcome === 'error' ? 'error' : 'ok', message: answer.message } : { kind: 'idle' });
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const photo = current ? parsePhotoId(current) : undefined;
  const busy = status.kind === 'busy';

  const settle = (next: string | null, message: string) => {
    setCurrent(next);
    setPreview(undefined);
    setStatus({ kind: 'ok', message });
    onChange?.(next);
  };
  const fail = (message: string) => {
    setPreview(undefined);
    setStatus({ kind: 'error', message });
  };

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!TYPES.includes(file.type)) return fail('This file is not a JPEG, PNG or WebP photo. Choose a photo in one of those formats.');
    if (file.size > MAX_PHOTO_BYTES) {
      return fail(`This photo is ${(Math.ceil((file.size / MEGABYTE) * 10) / 10).toFixed(1)} MB; the largest the site takes is ${MAX_PHOTO_BYTES / MEGABYTE} MB. Choose a smaller one.`);
    }
    setPreview(URL.createObjectURL(file));
    setStatus({ kind: 'busy', message: 'Uploading…', progress: 0 });
    const form = new FormData();
    form.append(PHOTO_FIELD, file);
    if (target) {
      form.append(ATTACH_KIND_FIELD, target.kind);
      form.append(ATTACH_ID_FIELD, String(target.id));
    }
    try {
      const answer = await sendPhotoCall('POST', UPLOAD_PATH, form, (progress) =>
        setStatus(progress < 1 ? { kind: 'busy', message: 'Uploading…', progress } : { kind: 'busy', message: 'Preparing the photo…' }),
      );
      if (answer.status !== 200 && answer.status !== 201) return fail(answerMessage(answer));
      const uploaded = (answer.body as { photo: PhotoAddresses }).photo;
      settle(uploaded.id, target ? 'Photo saved.' : 'Photo uploaded. Save to keep it.');
    } catch (error) {
      fail((error as Error).message);
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    if (!target) return settle(null, 'Photo removed. Save to keep this.');
    setStatus({ kind: 'busy', message: 'Removing…' });
    try {
      const answer = await sendPhotoCall('DELETE', attachmentPath(target), null);
      if (answer.status !== 200) return fail(answerMessage(answer));
      settle(null, 'Photo removed.');
    } catch (error) {
      fail((error as Error).message);
    }
  }

  const shown = preview ?? (photo ? photoSrc(photo, Math.min(320, photo.width)) : undefined);
  return (
    <div className="flex flex-col gap-2" aria-busy={busy || undefined}>
      <label htmlFor={`${id}-file`} className="font-semibold">
        {label}
      </label>
      <div className="flex flex-wrap items-start gap-3">
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element -- a preview of the chosen file (a blob: address) or of the saved photo
          <img src={shown} alt={preview ? 'The chosen photo' : 'The photo now'} width={160} height={120} className="h-30 w-40 rounded-lg border border-stone-200 object-cover" />
        ) : (
          <p className="flex h-30 w-40 items-center justify-center rounded-lg border border-dashed border-stone-400 text-sm text-gray-700">No photo</p>
        )}
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            name={PHOTO_FIELD}
            accept={PHOTO_ACCEPT}
            disabled={busy}
            onChange={scripted ? upload : undefined}
            aria-describedby={`${id}-hint`}
            className="text-sm file:mr-3 file:rounded-full file:border file:border-brand-700 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-brand-700"
          />
          <p id={`${id}-hint`} className="text-sm text-gray-700">
            A JPEG, PNG or WebP photo up to 15 MB, at least 200 pixels on each side. Location and camera details are removed.
          </p>
          <input type="hidden" name={name} value={current ?? ''} />
          {target ? (
            <>
              <input type="hidden" name={ATTACH_KIND_FIELD} value={target.kind} />
              <input type="hidden" name={ATTACH_ID_FIELD} value={String(target.id)} />
            </>
          ) : null}
          <input type="hidden" name={RETURN_TO_FIELD} value={returnTo} />
          <div className="flex flex-wrap gap-2">
            {scripted ? null : (
              <button type="submit" formAction={UPLOAD_PATH} formMethod="post" formEncType="multipart/form-data" formNoValidate className="btn-line">
                Upload photo
              </button>
            )}
            {current && (scripted || target) ? (
              <button
                type={scripted ? 'button' : 'submit'}
                onClick={scripted ? remove : undefined}
                disabled={busy}
                formAction={scripted || !target ? undefined : removeFormPath(target)}
                formMethod={scripted ? undefined : 'post'}
                formEncType={scripted ? undefined : 'application/x-www-form-urlencoded'}
                formNoValidate={!scripted || undefined}
                className="btn-line"
              >
                Remove photo
              </button>
            ) : null}
          </div>
        </div>
      </div>
      {status.kind === 'error' ? (
        <p role="alert" className="rounded border border-red-700 bg-red-50 px-3 py-2 text-red-900">
          {status.message}
        </p>
      ) : (
        <p role="status" className="text-sm">
          {status.kind === 'idle' ? '' : status.message}
          {status.kind === 'busy' && status.progress !== undefined ? (
            <progress className="ml-2 align-middle" max={1} value={status.progress} aria-label="Upload progress" />
          ) : null}
        </p>
      )}
    </div>
  );
}

/** The photo field on its own, outside any other form: a form of its own that posts to the upload route. */
export function PhotoForm(props: PhotoFieldProps) {
  return (
    <form method="post" action={UPLOAD_PATH} encType="multipart/form-data">
      <PhotoField {...props} />
    </form>
  );
}
