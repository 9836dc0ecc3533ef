import { endpoint, requireAdmin } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** Who is signed in: lets the admin area show the name without a token readable by scripts. */
export const GET = endpoint((context) => {
  const { id, username } = requireAdmin(context);
  return json({ id, username });
});
