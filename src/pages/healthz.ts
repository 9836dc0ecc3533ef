import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { ping } from '../core/db/connect.ts';
import { json } from '../server/http/responses.ts';

/**
 * 200 while the database answers and the image storage takes writes, 503 otherwise, saying
 * which: for load balancers, uptime checks and whoever reads them. A database found damaged
 * answers but needs restoring, so it stays unhealthy until then.
 */
export const GET: APIRoute = async () => {
  const app = await getContext();
  const [database, storage] = await Promise.allSettled([ping(app.db), app.images.checkWritable()]);
  const damaged = app.damage.found() !== null;
  const report = {
    database: damaged ? 'damaged' : database.status === 'fulfilled' ? 'ok' : 'unavailable',
    storage: storage.status === 'fulfilled' ? 'ok' : 'not writable',
  };
  const healthy = report.database === 'ok' && report.storage === 'ok';
  return json(
    { status: healthy ? 'ok' : 'unavailable', ...report },
    { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
};
