import type { Config } from '../core/config.ts';

/** What a person starting the site must change when it cannot listen, for the failures that have a plain cause. */
export function listenFailure(error: NodeJS.ErrnoException, { port, host }: Pick<Config, 'port' | 'host'>): string | null {
  const where = host ? `${host}:${port}` : `port ${port}`;
  if (error.code === 'EADDRINUSE')
    return `Cannot listen on ${where}: something else already listens there (another copy of the site?). Stop it, or set PORT to a free port.`;
  if (error.code === 'EACCES')
    return `Cannot listen on ${where}: ports below 1024 need privileges this user lacks. Set PORT to 1024 or above, behind a proxy on 80 and 443.`;
  if (error.code === 'EADDRNOTAVAIL')
    return `Cannot listen on ${where}: HOST is not an address of this machine. Unset HOST to listen everywhere.`;
  return null;
}
