import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/responses.ts';
import { openApiDocument } from '../../server/openapi.ts';

export const GET = endpoint((_context, app) => json(openApiDocument(app.config.publicUrl)));
