import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { ping } from '../core/db/connect.ts';
import { json } from '../server/http/responses.ts';

/** 200 while the database answers, 503 otherwise: for load balancers and uptime checks. */
export const GET: APIRoute = async () => {
  try {
    const app = await getContext();
    await ping(app.db);
    return json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch {
    return json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
};
