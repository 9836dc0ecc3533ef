import type { APIContext } from 'astro';

/** The client's address; behind a trusted proxy, the last hop it recorded in X-Forwarded-For. */
export function clientAddress(context: Pick<APIContext, 'request' | 'clientAddress'>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = context.request.headers.get('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}
