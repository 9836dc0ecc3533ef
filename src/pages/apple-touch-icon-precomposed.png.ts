import type { APIRoute } from 'astro';
import { redirectToIcon } from '../server/http/icon-redirect.ts';
import { siteTouchIcon } from '../server/views/club-logo.ts';

// Older iOS asks for this name first.
export const GET: APIRoute = () => redirectToIcon(siteTouchIcon);
