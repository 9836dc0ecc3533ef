import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { writableState } from '../core/db/connect.ts';
import { json } from '../server/http/responses.ts';

/**
 * 200 while the database answers and takes writes (PostgreSQL made read-only says `"read-only"`)
 * and the image storage takes writes, 503 otherwise, saying
 * which: for load balancers, uptime checks and whoever reads them. A database found damaged
 * answers but needs restoring, so it stays unhealthy until then. A nearly full disk is said
 * (`"disk": "low"`, for an uptime check that looks for a word) but still healthy: the site works; so is
 * a disk that does not answer (`"not answering"`: a backup drive gone), which the site works without (144).
 */
export const GET: APIRoute = async () => {
  const app = await getContext();
  const [database, storage, disks] = await Promise.allSettled([
    writableState(app.db, app.config.database.kind),
    app.images.checkWritable(),
    app.disk.check(),
  ]);
  const damaged = app.damage.found() !== null;
  const report = {
    database: damaged ? 'damaged' : database.status === 'fulfilled' ? database.value : 'unavailable',
    storage: storage.status === 'fulfilled' ? 'ok' : 'not writable',
    disk:
      disks.status === 'rejected'
        ? 'unknown'
        : app.disk.notAnswering().length > 0
          ? 'not answering'
          : disks.value.some((disk) => disk.low)
            ? 'low'
            : 'ok',
  };
  const healthy = report.database === 'ok' && report.storage === 'ok';
  return json(
    { status: healthy ? 'ok' : 'unavailable', ...report },
    { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
};
