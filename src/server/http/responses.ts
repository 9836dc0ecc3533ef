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

/**
 * The status of an answer nobody will read: the client hung up while its request waited to be
 * rendered, so it was not (nginx logs the same case as 499). The page cache knows it by this.
 */
export const CLIENT_LEFT = 499;

export const clientLeft = () => new Response(null, { status: CLIENT_LEFT });
