import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { photos } from '@/lib/db/schema';
import { parsePhotoId, type PhotoRef } from './address';
import { checkUpload, photoHash, processPhoto } from './pipeline';
import type { PhotoStore } from './store';

export interface UploadedPhoto {
  photo: PhotoRef;
  /** False when the same file had been uploaded before: its photo is answered, nothing is made again. */
  created: boolean;
}

/**
 * One upload at a time per instance: re-encoding a 12 MP photo keeps a core busy for about half a second, and the
 * pages this instance serves meanwhile should keep the other.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

const refOf = (row: { id: string }): PhotoRef => parsePhotoId(row.id)!;

/**
 * Keeps an upload as a photo: checked and re-encoded (lib/photos/pipeline.ts; a 4xx when refused), its files in the
 * store and its row in `photos`, in one transaction. The same file uploaded again answers the photo it already is.
 */
export async function uploadPhoto(db: Db, store: PhotoStore, bytes: Uint8Array, uploadedBy: string | null): Promise<UploadedPhoto> {
  checkUpload(bytes);
  const [known] = await db.select({ id: photos.id }).from(photos).where(eq(photos.hash, photoHash(bytes)));
  if (known) return { photo: refOf(known), created: false };
  const processed = await oneAtATime(() => processPhoto(bytes));
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(photos)
      .values({ id: processed.id, hash: processed.hash, width: processed.width, height: processed.height, originalBytes: processed.originalBytes, uploadedBy })
      .onConflictDoNothing()
      .returning({ id: photos.id });
    if (inserted.length > 0) await store.save(tx, processed.id, processed.variants);
    return inserted.length > 0;
  });
  return { photo: refOf(processed), created };
}

/** Whether a photo of this id was uploaded. */
export async function photoExists(db: Pick<Db, 'select'>, photoId: string): Promise<boolean> {
  if (!parsePhotoId(photoId)) return false;
  const [row] = await db.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId));
  return row !== undefined;
}
