import { fileURLToPath } from 'node:url';

/**
 * Held shared by every built server running from this folder and alone by a build: a build
 * empties dist/ and dist-node/, and a running server loads a page's code on its first request
 * (and some of its own on first use), so a build beside it would fail those pages until it was
 * restarted (docs/decisions/043). From src/server/ or dist-node/server/: two folders down.
 */
export const BUILD_LOCK = fileURLToPath(new URL('../../.build.lock', import.meta.url));

export const SERVER_RUNNING_HERE =
  "The site's server is running from this folder (or another build is). Building now would remove files it has not loaded yet, and its pages would fail until it was restarted. Stop it first (sudo systemctl stop club), then build; npm start builds by itself when the sources changed.";

export const BUILD_RUNNING_HERE = 'A build of the site is under way in this folder. Start the server when it has finished.';
