import { z } from 'zod';
import { errorSchema } from './http/api-schemas.ts';
import { openWithGivenPassword, requiresAdmin } from './http/areas.ts';
import type { DescribedRoute, Operation } from './http/endpoint.ts';
import { SESSION_COOKIE } from './http/session-cookie.ts';

type Method = 'get' | 'post' | 'put' | 'delete';
const METHODS: Method[] = ['get', 'post', 'put', 'delete'];

// Every endpoint module of src/pages/api; each declares its operations beside its handlers.
// Loaded when the document is made, not with this module, which one of them imports.
const endpointModules = import.meta.glob<Record<string, unknown>>('../pages/api/**/*.ts');

/** The OpenAPI path of an endpoint file: admin/news/[id].ts is /api/admin/news/{id}. */
function pathOf(file: string): string | null {
  const route = file
    .replace(/^\.\.\/pages/, '')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '')
    .replace(/\[(\w+)\]/g, '{$1}');
  return route.includes('[...') ? null : route;
}

const isDescribed = (value: unknown): value is DescribedRoute => typeof value === 'function' && 'operation' in value;

/** Every API operation by path and method, from the endpoint files themselves. */
export async function apiRoutes(): Promise<Record<string, Partial<Record<Method, Operation>>>> {
  const routes: Record<string, Partial<Record<Method, Operation>>> = {};
  for (const [file, load] of Object.entries(endpointModules)) {
    const path = pathOf(file);
    if (!path) continue;
    const exports = await load();
    for (const method of METHODS) {
      const handler = exports[method.toUpperCase()];
      if (isDescribed(handler)) (routes[path] ??= {})[method] = handler.operation;
    }
  }
  return routes;
}

let routes: ReturnType<typeof apiRoutes> | undefined;

/**
 * The methods an API route answers, by Astro's route pattern ('/api/admin/news/[id]'), GET
 * bringing HEAD; null for the catch-all, which answers every method its 404.
 */
export async function apiMethods(routePattern: string): Promise<string[] | null> {
  const path = pathOf(`../pages${routePattern}.ts`);
  if (!path) return null;
  routes ??= apiRoutes();
  const operations = (await routes)[path];
  if (!operations) return null;
  const methods = Object.keys(operations).map((method) => method.toUpperCase());
  return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
}

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const jsonContent = (schema: z.ZodType, io: 'input' | 'output') => ({
  'application/json': { schema: schemaOf(schema, io) },
});

/** A query schema's parameters (a z.object), each with the JSON schema of its input. */
function queryParameters(schema: z.ZodType) {
  const json = schemaOf(schema, 'input') as { properties?: Record<string, { description?: string }>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

const pathParameters = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

function describeOperation(method: Method, path: string, op: Operation) {
  const errors = (status: number, description: string): [string, unknown] => [
    String(status),
    { description, content: jsonContent(errorSchema, 'output') },
  ];
  const responses: Record<string, unknown> = {
    [String(op.status ?? 200)]: {
      description: 'Success',
      ...(op.response ? { content: jsonContent(op.response, 'output') } : {}),
    },
    ...Object.fromEntries([
      ...(op.query ? [errors(400, 'Invalid query parameter')] : []),
      ...(op.body ? [errors(400, 'Invalid input'), errors(413, 'Body over 1 MB'), errors(415, 'Body is not JSON')] : []),
      ...(requiresAdmin(path)
        ? [
            errors(401, 'No valid session'),
            errors(
              403,
              openWithGivenPassword(path)
                ? 'Cookie-authenticated write from another origin'
                : 'Cookie-authenticated write from another origin, or a session signed in with a password someone else set (choose your own first)',
            ),
          ]
        : []),
      ...(pathParameters(path).length > 0 ? [errors(404, `Unknown ${pathParameters(path).join(' or ')}`)] : []),
      ...(op.versioned ? [errors(412, 'The item changed after the version named in If-Match; its ETag is the current version')] : []),
      ...(path === '/api/admin/login'
        ? [errors(401, 'Invalid username or password'), errors(429, 'Too many failed attempts; see Retry-After')]
        : []),
      ...(requiresAdmin(path) && method !== 'get' && !op.free
        ? [
            errors(
              429,
              "This administrator made more changes in the last hour than a person would, or (deleting for ever) the site's limit for a day is reached; see Retry-After",
            ),
          ]
        : []),
      errors(503, 'The database is unavailable or the server is busy; see Retry-After'),
    ]),
  };
  return {
    operationId: operationId(method, path),
    summary: op.summary,
    ...(pathParameters(path).length > 0 || op.idempotent || op.versioned || op.query
      ? {
          parameters: [
            ...pathParameters(path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
            ...(op.query ? queryParameters(op.query) : []),
            ...(op.idempotent
              ? [
                  {
                    name: 'Idempotency-Key',
                    in: 'header',
                    required: false,
                    description:
                      "The same key again (within 24 hours) answers the first request's answer instead of creating a second item",
                    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
                  },
                ]
              : []),
            ...(op.versioned
              ? [
                  {
                    name: 'If-Match',
                    in: 'header',
                    required: false,
                    description:
                      "The version the update was made from: the item's updatedAt in double quotes (or the ETag of an update's answer). Without it, the update goes through whatever changed since",
                    schema: { type: 'string' },
                  },
                ]
              : []),
          ],
        }
      : {}),
    ...(op.body ? { requestBody: { required: true, content: jsonContent(op.body, 'input') } } : {}),
    ...(op.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } },
              },
            },
          },
        }
      : {}),
    ...(op.raw ? { requestBody: { required: true, content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } } } : {}),
    // Public operations say so: an empty list overrides any document-wide requirement.
    security: requiresAdmin(path) ? [{ bearer: [] }, { cookie: [] }] : [],
    responses,
  };
}

/** A stable, readable id from the method and path: PUT /api/admin/news/{id} is putAdminNewsById. */
function operationId(method: Method, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .replace(/\.json$/, '')
    .split(/[/-]/)
    .map((part) => (/^\{(\w+)\}$/.test(part) ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split('-'));
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

export async function openApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: { title: "Fathers' club website API", version: '1.0.0' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/admin/login' },
        cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
    paths: Object.fromEntries(
      Object.entries(await apiRoutes()).map(([path, ops]) => [
        path,
        Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, describeOperation(method as Method, path, op)])),
      ]),
    ),
  };
}
