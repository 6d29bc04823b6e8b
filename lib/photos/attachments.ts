import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError, notFound } from '@/lib/api/errors';
import { recordActivity, type ActivityActor } from '@/lib/activity/log';
import { catalogChanged } from '@/lib/catalog/live';
import { CATALOG_TAGS, publishCatalogChange, type CatalogTag } from '@/lib/catalog/publish';
import type { Db, Tx } from '@/lib/db/client';
import { catalogOffers, catalogServices, siteSettings, therapists } from '@/lib/db/schema';
import { isGuid } from '@/lib/validation';
import type { AttachmentKind } from './attachment-kinds';
import { photoExists } from './photos';

/**
 * Which photo a service, a package or bundle, a therapist or the home page's hero shows. Each change is one
 * transaction that writes the row, records it in the activity log (kind 'photos') and publishes the change under the
 * cache tag of the pages that show it; this instance then reloads its catalogue (catalogChanged).
 */


export type AttachmentTarget = { kind: 'service' | 'offer'; id: string } | { kind: 'therapist'; id: number } | { kind: 'hero'; id: 'home' };

/** The site setting that holds the hero's photo id (a JSON string). */
export const HERO_PHOTO_KEY = 'hero_photo';

const guid = z
  .string()
  .refine(isGuid, 'Give the id of a service, package or bundle (a GUID).')
  .transform((value) => value.replace(/[{}]/g, '').toLowerCase());

/** The address's {kind}/{id} as a target: /service/{guid}/, /offer/{guid}/, /therapist/{number}/, /hero/home/. */
export const attachmentTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('service'), id: guid }),
  z.object({ kind: z.literal('offer'), id: guid }),
  z.object({ kind: z.literal('therapist'), id: z.coerce.number({ error: 'Give a therapist id (a number).' }).int().min(1, 'Give a therapist id (a number).').max(32767) }),
  z.object({ kind: z.literal('hero'), id: z.literal('home', { error: "The hero's id is 'home'." }) }),
], { error: 'The kind must be service, offer, therapist or hero.' });

const TAG_OF: Record<AttachmentKind, CatalogTag> = {
  service: CATALOG_TAGS.menu,
  offer: CATALOG_TAGS.menu,
  therapist: CATALOG_TAGS.team,
  hero: CATALOG_TAGS.promotions,
};

export interface AttachmentChange {
  target: AttachmentTarget;
  /** What the owner knows it as: "Women's Brazilian", 'Brazilian Wax, 3 sessions', 'Elena', 'The home page's hero'. */
  subject: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

/** The target's name and its photo now, its row locked for the change; 404 when there is no such target. */
async function current(tx: Tx, target: AttachmentTarget): Promise<{ subject: string; photoId: string | null }> {
  switch (target.kind) {
    case 'service': {
      const [row] = await tx
        .select({ name: catalogServices.name, gender: catalogServices.gender, photoId: catalogServices.photoId })
        .from(catalogServices)
        .where(eq(catalogServices.id, target.id))
        .for('update');
      if (!row) throw notFound('There is no service with this id.');
      return { subject: `${row.gender === 1 ? "Men's" : "Women's"} ${row.name}`, photoId: row.photoId };
    }
    case 'offer': {
      const [row] = await tx.select({ data: catalogOffers.data, moniker: catalogOffers.moniker, photoId: catalogOffers.photoId }).from(catalogOffers).where(eq(catalogOffers.id, target.id)).for('update');
      if (!row) throw notFound('There is no package or bundle with this id.');
      const title = (row.data as { pvTitle?: unknown }).pvTitle;
      return { subject: typeof title === 'string' ? title : row.moniker, photoId: row.photoId };
    }
    case 'therapist': {
      const [row] = await tx.select({ name: therapists.name, photoId: therapists.photoId }).from(therapists).where(eq(therapists.id, target.id)).for('update');
      if (!row) throw notFound('There is no therapist with this id.');
      return { subject: row.name, photoId: row.photoId };
    }
    case 'hero': {
      // The setting may not exist yet: a lock on the key serialises two owners setting it at once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_settings:${HERO_PHOTO_KEY}`}))`);
      const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, HERO_PHOTO_KEY));
      return { subject: "The home page's hero", photoId: typeof row?.value === 'string' ? row.value : null };
    }
  }
}

async function write(tx: Tx, target: AttachmentTarget, photoId: string | null): Promise<void> {
  const now = new Date();
  switch (target.kind) {
    case 'service':
      await tx.update(catalogServices).set({ photoId, updatedAt: now }).where(eq(catalogServices.id, target.id));
      return;
    case 'offer':
      await tx.update(catalogOffers).set({ photoId, updatedAt: now }).where(eq(catalogOffers.id, target.id));
      return;
    case 'therapist':
      await tx.update(therapists).set({ photoId, updatedAt: now }).where(eq(therapists.id, target.id));
      return;
    case 'hero':
      if (photoId === null) await tx.delete(siteSettings).where(eq(siteSettings.key, HERO_PHOTO_KEY));
      else await tx.insert(siteSettings).values({ key: HERO_PHOTO_KEY, value: photoId }).onConflictDoUpdate({ target: siteSettings.key, set: { value: photoId, updatedAt: now } });
  }
}

function summaryOf(before: string | null, after: string | null): string {
  if (after === null) return 'Photo removed';
  return before === null ? 'Photo added' : 'Photo replaced';
}

/**
 * Shows `photoId` on the target, or no photo (null). 404 for an unknown target, 422 for a photo that was never
 * uploaded; setting what is already there changes nothing (no entry, no publish).
 */
export async function setAttachedPhoto(db: Db, actor: ActivityActor, target: AttachmentTarget, photoId: string | null): Promise<AttachmentChange> {
  const change = await db.transaction(async (tx): Promise<AttachmentChange> => {
    const { subject, photoId: before } = await current(tx, target);
    if (photoId !== null && !(await photoExists(tx, photoId))) {
      throw new ApiError(422, 'invalid', 'Please check the highlighted fields.', { photoId: 'There is no uploaded photo with this id. Upload the photo first.' });
    }
    if (before === photoId) return { target, subject, before, after: photoId, changed: false };
    await write(tx, target, photoId);
    await recordActivity(tx, actor, {
      kind: 'photos',
      action: photoId === null ? 'removed' : 'attached',
      subject,
      summary: summaryOf(before, photoId),
      before: { [target.kind]: target.id, photoId: before },
      after: { [target.kind]: target.id, photoId },
    });
    await publishCatalogChange(tx, [TAG_OF[target.kind]]);
    return { target, subject, before, after: photoId, changed: true };
  });
  if (change.changed) await catalogChanged(db);
  return change;
}
