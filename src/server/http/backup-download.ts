import fs from 'node:fs';
import path from 'node:path';
import { folderGate } from '../../core/disk/folder-gate.ts';
import { issueDownloadTicket } from '../../core/backup/download-tickets.ts';
import { pacedBody } from './responses.ts';

/**
 * Where a backup of the backup folder is downloaded from (src/pages/api/admin/backups/files/[name].ts),
 * with the ticket that lets this administrator do it (core/backup/download-tickets.ts).
 */
export const backupFileUrl = (name: string, adminId: string) =>
  `/api/admin/backups/files/${encodeURIComponent(name)}?ticket=${issueDownloadTicket(name, adminId)}`;

/**
 * A backup file as an attachment, read from the disk as fast as the client takes it: a backup of
 * gigabytes downloaded over a slow line must not be read into memory ahead of it.
 */
export async function backupDownload(file: string): Promise<Response> {
  // Through the folder's gate: a backup disk that stopped answering must not hold the server (144).
  const { size } = await folderGate(path.dirname(file)).run(() => fs.promises.stat(file));
  return new Response(pacedBody(fs.createReadStream(file)), {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${path.basename(file)}"`,
    },
  });
}
