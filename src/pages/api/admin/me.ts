import { z } from 'zod';
import { endpoint, requireAdmin } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** Who is signed in: lets the admin area show the name without a token readable by scripts. */
export const GET = endpoint(
  { summary: 'The signed-in administrator', response: z.object({ id: z.string(), username: z.string() }) },
  (context) => {
    const { id, username } = requireAdmin(context);
    return json({ id, username });
  },
);
