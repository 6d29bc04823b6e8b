import { mediaResponse } from '@/lib/photos/media';

/** The owner's photos: /media/{photoId}/{width}.webp (lib/photos/media.ts). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  return mediaResponse(request, await params);
}
