export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...init.headers },
  });
}

export function errorJson(
  status: number,
  message: string,
  errors?: Record<string, string>,
  headers: Record<string, string> = {},
): Response {
  return json(errors ? { message, errors } : { message }, { status, headers });
}
