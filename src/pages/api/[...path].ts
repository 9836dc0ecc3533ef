import type { APIRoute } from 'astro';
import { errorJson } from '../../server/http/responses.ts';

/** Unknown API paths answer JSON, not the HTML 404 page. */
export const ALL: APIRoute = () => errorJson(404, 'There is no such API endpoint.');
