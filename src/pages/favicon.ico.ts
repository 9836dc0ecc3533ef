import type { APIRoute } from 'astro';
import { redirectToIcon } from '../server/http/icon-redirect.ts';
import { siteIcon } from '../server/views/club-logo.ts';

export const GET: APIRoute = () => redirectToIcon((logo) => siteIcon(logo).href);
