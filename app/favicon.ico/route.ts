import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * /favicon.ico: browsers ask for it when a page's icon link has not arrived yet (a per-request page streams its
 * metadata after the body starts, e.g. the booking page reached by the desk's redirect), and a 404 there is a failed
 * request in the console. It answers the site's icon (app/icon.svg); browsers read an SVG at this address by its type.
 * Reads nothing of the request, so it is prerendered as a static file.
 */
export function GET(): Response {
  const svg = readFileSync(path.join(process.cwd(), 'app/icon.svg'));
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' } });
}
