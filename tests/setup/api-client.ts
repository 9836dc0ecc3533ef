import { ADMIN, type SuiteServer } from './server.ts';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | undefined;
  headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
}

export async function call<T = any>(
  base: string | SuiteServer,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const url = typeof base === 'string' ? base : base.url;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${url}${path}`, { method, headers, redirect: 'manual', ...(body !== undefined && { body }) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export async function login(base: string | SuiteServer, username = ADMIN.username, password = ADMIN.password): Promise<string> {
  const response = await call(base, 'POST', '/api/admin/login', { body: { username, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return response.body.token as string;
}

/** Sends `count` requests, `together` at a time (a script's flood), and gives their answers in the order they came. */
export async function flood<T>(count: number, together: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: together }, async () => {
      while (next < count) answers.push(await send(next++));
    }),
  );
  return answers;
}
