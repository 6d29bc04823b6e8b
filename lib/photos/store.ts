import 'server-only';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { photoVariants } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { PhotoVariant } from './pipeline';

/**
 * Where the files of the owner's photos are kept: somewhere every instance reads. The `photos` table (the registry:
 * ids, sizes, who uploaded) is always in the database; the files go to the store. The database is the default; a
 * shared folder (PHOTO_STORAGE_DIR, a volume every instance mounts) is the other. A storage service (S3, R2, GCS)
 * would be a third implementation of this interface, chosen the same way; nothing else would change, since pages
 * address photos by id and /media/ reads through the store.
 */
export interface PhotoStore {
  readonly kind: 'database' | 'folder';
  /** Keeps a new photo's files; writing the same photo again changes nothing. `tx` is the upload's transaction. */
  save(tx: Tx, photoId: string, variants: readonly PhotoVariant[]): Promise<void>;
  /** One file's bytes, or undefined when the store has no such file. */
  read(photoId: string, width: number, format: string): Promise<Buffer | undefined>;
}

/** The files as rows of photo_variants, written in the upload's transaction. */
export function databasePhotoStore(db: Db): PhotoStore {
  return {
    kind: 'database',
    async save(tx, photoId, variants) {
      if (variants.length === 0) return;
      await tx
        .insert(photoVariants)
        .values(variants.map((variant) => ({ photoId, width: variant.width, format: variant.format, bytes: variant.bytes })))
        .onConflictDoNothing();
    },
    async read(photoId, width, format) {
      const [row] = await db
        .select({ bytes: photoVariants.bytes })
        .from(photoVariants)
        .where(and(eq(photoVariants.photoId, photoId), eq(photoVariants.width, width), eq(photoVariants.format, format)));
      return row?.bytes;
    },
  };
}

/**
 * The files in a folder, `{dir}/{photoId}/{width}.{format}`. Each is written to a temporary name and renamed into
 * place, so a reader never sees half a file. Ids and widths reach it checked (lib/photos/address.ts): no path escapes.
 */
// turbopackIgnore: the folder is the operator's, not the project's; without it the build traces every file of the project.
export function folderPhotoStore(dir: string): PhotoStore {
  const fileOf = (photoId: string, width: number, format: string) => path.join(/* turbopackIgnore: true */ dir, photoId, `${width}.${format}`);
  return {
    kind: 'folder',
    async save(_tx, photoId, variants) {
      await mkdir(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ dir, photoId), { recursive: true });
      for (const variant of variants) {
        const file = fileOf(photoId, variant.width, variant.format);
        const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(/* turbopackIgnore: true */ temporary, variant.bytes);
        await rename(/* turbopackIgnore: true */ temporary, file);
      }
    },
    async read(photoId, width, format) {
      try {
        return await readFile(/* turbopackIgnore: true */ fileOf(photoId, width, format));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/** The configured store: PHOTO_STORAGE_DIR's folder, or the database. */
export function photoStore(db: Db): PhotoStore {
  const dir = env().PHOTO_STORAGE_DIR;
  return dir ? folderPhotoStore(path.resolve(/* turbopackIgnore: true */ dir)) : databasePhotoStore(db);
}
