import { thumbnail } from '../types.ts';

/**
 * An item's picture in an admin list: a thumbnail, fetched only as it scrolls into view (a list of
 * years of photos must not ask for all of them at once), sending no referrer to an image elsewhere.
 */
export function ListImage({ url, width, alt, className }: { url: string; width?: 320 | 640; alt: string; className: string }) {
  return <img src={thumbnail(url, width)} alt={alt} loading="lazy" decoding="async" referrerPolicy="no-referrer" className={className} />;
}
