import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { testDatabases, useServer } from '../setup/server.ts';

const apiDir = path.resolve(import.meta.dirname, '../../src/pages/api');

/** Every endpoint file and the methods it exports, as OpenAPI paths. */
function endpointFiles(): { path: string; methods: string[] }[] {
  const found: { path: string; methods: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.includes('[...')) {
        const route = `/api/${path.relative(apiDir, full)}`
          .replace(/\.ts$/, '')
          .replace(/\/index$/, '')
          .replace(/\[(\w+)\]/g, '{$1}');
        const source = fs.readFileSync(full, 'utf8');
        const methods = [...source.matchAll(/export const (GET|POST|PUT|DELETE|PATCH)\b/g)].map((m) => m[1]!.toLowerCase());
        found.push({ path: route, methods });
      }
    }
  };
  walk(apiDir);
  return found;
}

describe('GET /api/openapi.json', () => {
  const suite = useServer(testDatabases[0]!);

  it('is OpenAPI 3.1 and lists every route and method of src/pages/api', async () => {
    const response = await call(suite, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = response.body;
    expect(doc.openapi).toBe('3.1.0');
    const files = endpointFiles();
    expect(files.length).toBeGreaterThanOrEqual(18);
    for (const file of files) {
      expect(file.methods.length, file.path).toBeGreaterThan(0);
      for (const method of file.methods) expect(doc.paths[file.path]?.[method], `${method} ${file.path}`).toBeDefined();
    }
  });

  it('describes request bodies from the zod schemas', async () => {
    const doc = (await call(suite, 'GET', '/api/openapi.json')).body;
    const news = doc.paths['/api/admin/news'].post.requestBody.content['application/json'].schema;
    expect(news.required).toEqual(expect.arrayContaining(['title', 'publishedAt']));
    expect(news.properties.title.maxLength).toBe(200);
    const event = doc.paths['/api/admin/events'].post.requestBody.content['application/json'].schema;
    expect(event.required).toEqual(expect.arrayContaining(['name', 'date', 'comment', 'bookingUrl']));
    expect(doc.paths['/api/admin/events/{id}'].delete.security).toBeDefined();
  });

  it("passes Redocly's linter with no errors, every operation named and public ones marked public", async () => {
    const doc = (await call(suite, 'GET', '/api/openapi.json')).body;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-openapi-'));
    const file = path.join(folder, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const cli = path.resolve(import.meta.dirname, '../../node_modules/@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', file, '--format=json'], {
      cwd: folder,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    fs.rmSync(folder, { recursive: true, force: true });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(
      report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`),
    ).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const operations = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops as Record<string, { operationId: string; security: unknown[] }>),
    );
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    expect(doc.paths['/api/news'].get.security).toEqual([]);
  }, 60_000);
});
