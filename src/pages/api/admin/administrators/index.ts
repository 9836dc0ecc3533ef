import { z } from 'zod';
import { adminSchema, newAdminInputSchema } from '../../../../core/admins/admins.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const GET = endpoint({ summary: 'The administrators', response: z.array(adminSchema) }, async (_context, app) =>
  json(await app.admins.list()),
);

export const POST = endpoint(
  {
    summary: 'Add an administrator (409 if the name is taken)',
    body: newAdminInputSchema,
    response: adminSchema,
    status: 201,
    idempotent: true,
  },
  async (_context, app, input) => {
    const { username, password } = input;
    return json(await app.admins.create(username, password));
  },
);
