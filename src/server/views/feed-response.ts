/** Feeds and files for machines; caching and ETags are added by the middleware like pages. */
export function textResponse(body: string, contentType: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { headers: { 'Content-Type': contentType, ...extra } });
}
