import { z } from 'zod';
import { diskSpaceSchema } from '../../../core/disk/disk-space.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** How full the server's disks are: the dashboard warns while there is still room (docs/decisions/052). */
export const GET = endpoint(
  { summary: 'The free space of each disk the site writes to, and whether it is nearly full', response: z.array(diskSpaceSchema) },
  async (_context, app) => json(await app.disk.check()),
);
