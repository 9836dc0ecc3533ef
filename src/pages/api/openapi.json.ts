import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/responses.ts';
import { openApiDocument } from '../../server/openapi.ts';

export const GET = endpoint({ summary: 'This document' }, async (_context, app) => json(await openApiDocument(app.config.publicUrl)));
