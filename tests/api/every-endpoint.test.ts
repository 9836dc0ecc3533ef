import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { addAdministrator } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// Every operation the API describes (GET /api/openapi.json), each field of its body given hostile
// values one at a time, its path given hostile ids and its query hostile values: no answer is a
// 5xx, every refusal is JSON with a message a person can read (and field errors as words), and
// the server logs no error. A new endpoint is covered as soon as it is described. Targeted rules
// (which field, which words) are hostile-input.test.ts's and validation.test.ts's.

const LONG = 'x'.repeat(50_000);
// A few of each kind, chosen apart (a run costs some 10 ms a request on a busy 2-core machine).
const HOSTILE_VALUES: unknown[] = [
  null,
  -1,
  [],
  { nested: { deeper: true } },
  '\u0000',
  'a\ud800b',
  '\u202e\u0085\u2028',
  LONG,
  '<script>alert(1)</script>',
  'http://127.0.0.1/',
  '2027-02-30T10:00',
];
const HOSTILE_BODIES = ['{', '[]', '"text"', '{"__proto__":{"admin":true}}', '\u0000', `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`];
const HOSTILE_IDS = ['x', '%00', 'a'.repeat(3_000), '%F0%9F%98%80'];
const HOSTILE_QUERIES = ['?page=-1', '?page=%00', '?page=1&page=2'];
/** Signing out would end the session the rest uses. */
const LEFT_OUT = new Set(['/api/admin/logout']);
const ADMINS = 4;

interface Operation {
  path: string;
  method: string;
  properties: Record<string, { type?: string; anyOf?: { type?: string }[] }> | null;
}

/** A value each field would take, so that one hostile field at a time is what is refused. */
function plainValue(name: string, schema: { type?: string; anyOf?: { type?: string }[] }): unknown {
  const type = schema.type ?? schema.anyOf?.[0]?.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (/date|At$/.test(name)) return '2026-11-01';
  // An image address would be fetched (and its name looked up): none, so no test reaches another host.
  // A booking address is not (test servers run with CHECK_BOOKING_PAGES=false).
  if (/url/i.test(name)) return /image|logo|hero|banner/i.test(name) ? null : 'https://booking.test/page';
  return 'An ordinary value';
}

eachDatabase('every endpoint against hostile input on $kind', (db) => {
  const suite = useServer(db);
  const tokens: string[] = [];
  let operations: Operation[] = [];
  beforeAll(async () => {
    tokens.push(await login(suite));
    // Several administrators: a few thousand refused changes spend one's hourly budget (059).
    for (let i = 1; i < ADMINS; i++)
      tokens.push((await addAdministrator(suite, tokens[0]!, `fuzz${i}`, `fuzzing password number ${i}`)).token);
    const doc = (await call(suite, 'GET', '/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Operation['properties'] } }> } }>
      >;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        properties: operation.requestBody?.content?.['application/json']?.schema?.properties ?? null,
      })),
    );
  });

  it('answers every hostile request with a 4xx in words, or a success, and never an error', async () => {
    const problems: string[] = [];
    let sent = 0;
    let admin = 0;
    const send = async (method: string, path: string, body?: string) => {
      sent++;
      let answer = await call(suite, method, path, { token: tokens[admin], ...(body !== undefined && { body }) });
      while (answer.status === 429 && /too many changes|paused/i.test(answer.text) && admin < tokens.length - 1) {
        admin++;
        answer = await call(suite, method, path, { token: tokens[admin], ...(body !== undefined && { body }) });
      }
      const what = `${method} ${path.slice(0, 80)} ${body?.slice(0, 60) ?? ''}`;
      if (answer.status >= 500) problems.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      else if (answer.status >= 400) {
        const refusal = answer.body as { message?: unknown; errors?: Record<string, unknown> } | string;
        if (typeof refusal !== 'object' || typeof refusal.message !== 'string' || refusal.message.length < 10) {
          problems.push(`${what}: ${answer.status} without a message: ${answer.text.slice(0, 200)}`);
        } else if (refusal.errors && Object.values(refusal.errors).some((message) => typeof message !== 'string' || !message)) {
          problems.push(`${what}: ${answer.status} with field errors that are not words: ${answer.text.slice(0, 200)}`);
        }
      }
    };

    for (const operation of operations.filter(({ path }) => !LEFT_OUT.has(path))) {
      const paths = operation.path.includes('{')
        ? HOSTILE_IDS.map((id) => operation.path.replace('{kind}', 'news').replace(/\{\w+\}/g, id))
        : [operation.path];
      for (const path of paths) {
        if (operation.method === 'GET') {
          for (const query of HOSTILE_QUERIES) await send('GET', `${path}${query}`);
          continue;
        }
        for (const body of HOSTILE_BODIES) await send(operation.method, path, body);
        // Field by field on the address itself; hostile ids already meet a plain body.
        if (!operation.properties || path !== paths[0]) continue;
        const plain = Object.fromEntries(Object.entries(operation.properties).map(([name, schema]) => [name, plainValue(name, schema)]));
        for (const name of Object.keys(plain)) {
          for (const value of HOSTILE_VALUES) await send(operation.method, path, JSON.stringify({ ...plain, [name]: value }));
        }
      }
    }

    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1_200);
    expect((await call(suite, 'GET', '/healthz')).status).toBe(200);
    // Nothing was answered by an error the server did not expect (logged at level 50).
    expect(suite.server.output()).not.toMatch(/"level":50/);
    // Nor did it look up a name: every address it was given stayed unfetched or was refused.
    expect(suite.server.output()).not.toMatch(/getaddrinfo|ENOTFOUND|EAI_AGAIN/);
  });
});
