import { BusyError } from '../../core/shared/limiter.ts';

/** An image file's answer: its bytes, type and how long it may be kept. */
export function imageFile(data: Uint8Array, type: string, cacheControl: string): Response {
  return new Response(data as BodyInit, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(data.byteLength),
      'Cache-Control': cacheControl,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** No such image; not kept, as it may exist soon (an upload finishing). */
export function imageNotFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } });
}

/** An image drawn on request, or the encoder's 503 when it is busy with others (anything else is thrown on). */
export async function drawnOrBusy(draw: () => Promise<Uint8Array | null>): Promise<Uint8Array | null | Response> {
  try {
    return await draw();
  } catch (error) {
    if (!(error instanceof BusyError)) throw error;
    return new Response(error.message, { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '10' } });
  }
}
