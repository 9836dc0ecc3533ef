import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

/** Where a backup of the backup folder is downloaded from (src/pages/api/admin/backups/files/[name].ts). */
export const backupFileUrl = (name: string) => `/api/admin/backups/files/${encodeURIComponent(name)}`;

/** A backup file as an attachment, streamed from the disk. */
export function backupDownload(file: string): Response {
  const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(fs.statSync(file).size),
      'Content-Disposition': `attachment; filename="${path.basename(file)}"`,
    },
  });
}
