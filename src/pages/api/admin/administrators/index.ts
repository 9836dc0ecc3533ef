import { actorOf } from '../../../../server/http/activity.ts';
import { z } from 'zod';
import { adminSchema, newAdminInputSchema } from '../../../../core/admins/admins.schema.ts';
import { clientAddress } from '../../../../server/http/client-address.ts';
import { endpoint, requireAdmin } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const GET = endpoint({ summary: 'The administrators', response: z.array(adminSchema) }, async (_context, app) =>
  json(await app.admins.list()),
);

export const POST = endpoint(
  {
    summary: 'Add an administrator, with your own password (409 if the name is taken)',
    body: newAdminInputSchema,
    response: adminSchema,
    status: 201,
    // Not idempotent: the store keeps a fast hash of the request's body, and this one holds two
    // passwords. A name already taken is refused with 409, which serves a double tap as well.
  },
  async (context, app, input) => {
    const address = clientAddress(context, app.config.trustProxy);
    return json(await app.admins.add(requireAdmin(context).id, input, address, actorOf(app, context)));
  },
);
