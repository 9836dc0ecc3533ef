import { z } from 'zod';
import { requiresAdmin } from './http/areas.ts';
import { SESSION_COOKIE } from './http/session-cookie.ts';
import { loginInputSchema, loginResponseSchema } from '../core/auth/auth.schema.ts';
import { eventInputSchema, eventSchema } from '../core/events/events.schema.ts';
import { galleryImageSchema, galleryInputSchema } from '../core/gallery/gallery.schema.ts';
import {
  newsImageInputSchema,
  objectPathResponseSchema,
  uploadResponseSchema,
  uploadUrlResponseSchema,
} from '../core/images/images.schema.ts';
import { newsInputSchema, newsItemSchema } from '../core/news/news.schema.ts';
import { whatWeDoInputSchema, whatWeDoSchema, whoWeAreInputSchema, whoWeAreSchema } from '../core/info-pages/info-pages.schema.ts';
import { settingsInputSchema, settingsSchema } from '../core/settings/settings.schema.ts';
import { adminSchema, changePasswordInputSchema, newAdminInputSchema } from '../core/admins/admins.schema.ts';

type Method = 'get' | 'post' | 'put' | 'delete';

interface Operation {
  summary: string;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  multipart?: boolean;
  raw?: boolean;
}

const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional().describe('Field name to message, on 400'),
});
const deletedSchema = z.object({ message: z.string(), id: z.string() });
const messageSchema = z.object({ message: z.string() });

/** Every API route, by path and method; a test checks that each endpoint file is listed. */
export const apiRoutes: Record<string, Partial<Record<Method, Operation>>> = {
  '/api/news': { get: { summary: 'News items, newest first', response: z.array(newsItemSchema) } },
  '/api/news/{id}': { get: { summary: 'One news item', response: newsItemSchema } },
  '/api/events': {
    get: { summary: 'Events: upcoming soonest first, then past most recent first', response: z.array(eventSchema) },
  },
  '/api/events/{id}': { get: { summary: 'One event', response: eventSchema } },
  '/api/gallery': { get: { summary: 'Gallery images, newest first', response: z.array(galleryImageSchema) } },
  '/api/who-we-are': { get: { summary: 'The Who We Are page', response: whoWeAreSchema } },
  '/api/what-we-do': { get: { summary: 'The What We Do page', response: whatWeDoSchema } },
  '/api/settings': { get: { summary: 'Site settings', response: settingsSchema } },
  '/api/openapi.json': { get: { summary: 'This document' } },
  '/api/admin/login': {
    post: { summary: 'Sign in; also sets the session cookie', body: loginInputSchema, response: loginResponseSchema },
  },
  '/api/admin/logout': { post: { summary: 'End this session', response: messageSchema } },
  '/api/admin/administrators': {
    get: { summary: 'The administrators', response: z.array(adminSchema) },
    post: {
      summary: 'Add an administrator (409 if the name is taken)',
      body: newAdminInputSchema,
      response: adminSchema,
      status: 201,
    },
  },
  '/api/admin/administrators/{id}': {
    delete: { summary: 'Remove an administrator: never yourself, never the last one (409)', response: deletedSchema },
  },
  '/api/admin/password': {
    put: {
      summary: 'Change your own password; your other sessions end',
      body: changePasswordInputSchema,
      response: messageSchema,
    },
  },
  '/api/admin/me': {
    get: { summary: 'The signed-in administrator', response: z.object({ id: z.string(), username: z.string() }) },
  },
  '/api/admin/news': {
    post: { summary: 'Create a news item', body: newsInputSchema, response: newsItemSchema, status: 201 },
  },
  '/api/admin/news/{id}': {
    put: { summary: 'Update a news item', body: newsInputSchema, response: newsItemSchema },
    delete: { summary: 'Delete a news item', response: deletedSchema },
  },
  '/api/admin/events': {
    post: { summary: 'Create an event', body: eventInputSchema, response: eventSchema, status: 201 },
  },
  '/api/admin/events/{id}': {
    put: { summary: 'Update an event', body: eventInputSchema, response: eventSchema },
    delete: { summary: 'Delete an event', response: deletedSchema },
  },
  '/api/admin/gallery': {
    post: { summary: 'Add a gallery image', body: galleryInputSchema, response: galleryImageSchema, status: 201 },
  },
  '/api/admin/gallery/{id}': {
    put: { summary: 'Update a gallery image', body: galleryInputSchema, response: galleryImageSchema },
    delete: { summary: 'Delete a gallery image', response: deletedSchema },
  },
  '/api/admin/who-we-are': {
    put: { summary: 'Save the Who We Are page', body: whoWeAreInputSchema, response: whoWeAreSchema },
  },
  '/api/admin/what-we-do': {
    put: { summary: 'Save the What We Do page', body: whatWeDoInputSchema, response: whatWeDoSchema },
  },
  '/api/admin/upload': {
    post: {
      summary: 'Upload an image (multipart, field "image", at most 5 MB); answers its URL',
      multipart: true,
      response: uploadResponseSchema,
    },
  },
  '/api/objects/upload': {
    post: { summary: 'News image flow, step 1: a one-time upload URL (15 minutes)', response: uploadUrlResponseSchema },
  },
  '/api/objects/{token}': {
    put: {
      summary: 'News image flow, step 2: PUT the raw file (at most 10 MB) to the upload URL',
      raw: true,
      response: objectPathResponseSchema,
    },
  },
  '/api/news-images': {
    put: {
      summary: 'News image flow, step 3: the objectPath for an upload URL',
      body: newsImageInputSchema,
      response: objectPathResponseSchema,
    },
  },
  '/api/admin/settings': {
    put: { summary: 'Save the site settings', body: settingsInputSchema, response: settingsSchema },
  },
};

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const jsonContent = (schema: z.ZodType, io: 'input' | 'output') => ({
  'application/json': { schema: schemaOf(schema, io) },
});

const pathParameter = (path: string) => /\{(\w+)\}/.exec(path)?.[1];

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
      ...(op.body ? [errors(400, 'Invalid input'), errors(413, 'Body over 1 MB'), errors(415, 'Body is not JSON')] : []),
      ...(requiresAdmin(path) ? [errors(401, 'No valid session'), errors(403, 'Cookie-authenticated write from another origin')] : []),
      ...(path.includes('{id}') ? [errors(404, 'Unknown id')] : []),
      ...(path === '/api/admin/login'
        ? [errors(401, 'Invalid username or password'), errors(429, 'Too many failed attempts; see Retry-After')]
        : []),
      errors(503, 'The database is unavailable or the server is busy; see Retry-After'),
    ]),
  };
  return {
    operationId: operationId(method, path),
    summary: op.summary,
    ...(pathParameter(path) ? { parameters: [{ name: pathParameter(path), in: 'path', required: true, schema: { type: 'string' } }] } : {}),
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

export function openApiDocument(serverUrl: string) {
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
      Object.entries(apiRoutes).map(([path, ops]) => [
        path,
        Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, describeOperation(method as Method, path, op)])),
      ]),
    ),
  };
}
