import type { APIRoute } from 'astro';
import { getContext } from '../../core/context.ts';
import { securityTxt } from '../../server/views/security-txt.ts';
import { textResponse } from '../../server/views/feed-response.ts';

/**
 * RFC 9116: where someone who finds a weakness in the site can tell the club (its contact email
 * in Site Settings); not found while there is none.
 */
export const GET: APIRoute = async () => {
  const app = await getContext();
  const body = securityTxt((await app.settings.get()).contactEmail, app.config.publicUrl, new Date());
  return body === null ? new Response(null, { status: 404 }) : textResponse(body, 'text/plain; charset=utf-8');
};
