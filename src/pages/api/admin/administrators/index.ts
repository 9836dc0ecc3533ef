import { newAdminInputSchema } from '../../../../core/admins/admins.schema.ts';
import { readJson } from '../../../../server/http/body.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const GET = endpoint(async (_context, app) => json(await app.admins.list()));

export const POST = endpoint(async ({ request }, app) => {
  const { username, password } = await readJson(request, newAdminInputSchema);
  return json(await app.admins.create(username, password), { status: 201 });
});
