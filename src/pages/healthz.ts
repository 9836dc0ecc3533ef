import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { ping } from '../core/db/connect.ts';
import { json } from '../server/http/responses.ts';

/**
 * 200 while the database answers and the image storage takes writes, 503 otherwise, saying
 * which: for load balancers, uptime checks and whoever reads them.
 */
export const GET: APIRoute = async () => {
  const app = await getContext();
  const [database, storage] = await Promise.allSettled([ping(app.db), app.images.checkWritable()]);
  const report = {
    database: database.status === 'fulfilled' ? 'ok' : 'unavailable',
    storage: storage.status === 'fulfilled' ? 'ok' : 'not writable',
  };
  const healthy = database.status === 'fulfilled' && storage.status === 'fulfilled';
  return json(
    { status: healthy ? 'ok' : 'unavailable', ...report },
    { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
};
