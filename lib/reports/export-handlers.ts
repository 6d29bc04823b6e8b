import 'server-only';
import { notFound, parseQuery } from '@/lib/api';
import { recordActivity } from '@/lib/activity/log';
import { requireOwner } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { EXPORT_NAMES, exportFileName, exportQuerySchema, exportStream, exportSummary, type ExportName } from './exports';

const FILE = /^([a-z]+)\.csv$/;

function exportNameOf(file: string): ExportName {
  const name = FILE.exec(file)?.[1];
  if (!name || !(EXPORT_NAMES as readonly string[]).includes(name)) throw notFound(`There is no such export. Choose ${EXPORT_NAMES.map((known) => `${known}.csv`).join(', ')}.`);
  return name as ExportName;
}

/**
 * GET /api/desk/exports/{appointments|customers|packages|activity}.csv?from=YYYY-MM-DD&to=YYYY-MM-DD&location=soho:
 * the owner only (401 for a visitor, 403 for anyone else), a 400 naming the parameter at fault. The export is
 * written into the activity log, with who took it, before the first byte goes out; the file then streams, a batch of
 * rows at a time. A HEAD answers the headers without recording anything.
 */
export async function exportHandler(request: Request, file: string): Promise<Response> {
  const session = await requireOwner(request);
  const name = exportNameOf(file);
  const query = parseQuery(request, exportQuerySchema);
  const filename = exportFileName(name, query);
  const headers = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (request.method === 'HEAD') return new Response(null, { headers });
  const db = await getDb();
  await recordActivity(db, { userId: session.user.id, name: session.user.name }, {
    kind: 'exports',
    action: 'exported',
    subject: filename,
    summary: exportSummary(name, query),
    after: { export: name, from: query.period?.from ?? null, to: query.period?.to ?? null, location: query.location },
  });
  const stream = exportStream(db, name, query, {
    onError: (error) => console.error(`[exports] ${filename} stopped part-way`, error),
  });
  return new Response(stream, { headers });
}
