import { z } from 'zod';
import { endpoint, requireAdmin } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/**
 * Who is signed in: lets the admin area show the name without a token readable by scripts, and
 * ask for a password of their own first when someone else set theirs (docs/decisions/079).
 */
export const GET = endpoint(
  {
    summary: 'The signed-in administrator',
    response: z.object({ id: z.string(), username: z.string(), passwordGiven: z.boolean() }),
  },
  (context) => {
    const { id, username, passwordGiven } = requireAdmin(context);
    return json({ id, username, passwordGiven });
  },
);
