import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { endpoint } from '../../../../server/http/endpoint.ts';

/**
 * Takes a backup now (kept in the backup folder like the daily ones) and sends it: the archive
 * `npm run backup` writes, for volunteers with no shell on the host. A GET, so that a plain link
 * downloads it with the session cookie.
 */
export const GET = endpoint({ summary: 'Take a backup and download it (application/gzip)' }, async (_context, app) => {
  const file = await app.backups.takeNow();
  const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(fs.statSync(file).size),
      'Content-Disposition': `attachment; filename="${path.basename(file)}"`,
    },
  });
});
