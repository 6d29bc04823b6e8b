import 'server-only';
import { z } from 'zod';
import { readFormFlash, type FlashState } from '@/lib/forms/flash';
import { photoFieldForm, type PhotoTargetRef } from './field';

/** Where a form the browser posted itself is sent back to: a desk page of this site, as a path. */
export const returnToSchema = z
  .string()
  .max(500, 'The page to return to is too long.')
  .regex(/^\/desk\/[^\s\\]*$/, 'The page to return to must be a desk page (a path under /desk/).');

/**
 * The answer a photo field's no-script post left for it (its sentence), for the page it was redirected back to: pass
 * the page's `form` search parameter. Give it to <PhotoField answer={...}>.
 */
export async function readPhotoFieldAnswer(target: PhotoTargetRef | undefined, formKey: string | string[] | undefined): Promise<FlashState | undefined> {
  return readFormFlash(photoFieldForm(target), formKey);
}
