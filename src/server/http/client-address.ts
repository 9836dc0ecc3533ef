import type { APIContext } from 'astro';
import { canonicalAddress } from '../../core/shared/addresses.ts';

/**
 * The client's address, in one spelling (`canonicalAddress`); behind a trusted proxy, the last hop
 * it recorded in X-Forwarded-For.
 */
export function clientAddress(context: Pick<APIContext, 'request' | 'clientAddress'>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = context.request.headers.get('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return canonicalAddress(last);
  }
  try {
    return canonicalAddress(context.clientAddress);
  } catch {
    return 'unknown';
  }
}
