import { remoteDrawnUrl, SHARE_TYPE, shareImage } from '../../core/images/image-urls.ts';

/** What a page tells the layout for its <head>: search results, link previews and feeds. */
export interface PageMeta {
  /** The page's own title; the layout appends the club's name. Absent on the home page. */
  title?: string;
  description: string;
  /**
   * The canonical path with its query, when it differs from the request's. null: the page has
   * no address of its own (the not-found page answers every unknown address with the same bytes,
   * so that the page cache keeps one copy for all of them).
   */
  path?: string | null;
  type?: 'website' | 'article';
  image?: { url: string; width?: number; height?: number; type?: string; alt: string } | undefined;
  publishedTime?: string;
  jsonLd?: Record<string, unknown>;
  prev?: string | undefined;
  next?: string | undefined;
  noindex?: boolean;
}

/**
 * A paginated list's meta: the page number in its title after the first, and rel prev/next. Its
 * link preview is the picture of the first item on the page that has one (`pictures`, in the
 * list's order), or the club's logo when none has (docs/decisions/087, addendum).
 */
export function listPageMeta(
  title: string,
  description: string,
  pages: { page: number; path: string; prev?: string | undefined; next?: string | undefined },
  pictures: ((PreviewSource & { alt: string }) | null)[] = [],
): PageMeta {
  const lead = pictures.find((picture) => picture !== null);
  return {
    title: pages.page > 1 ? `${title} (page ${pages.page})` : title,
    description,
    path: pages.path,
    prev: pages.prev,
    next: pages.next,
    ...(lead && { image: previewImage(lead, lead.alt || title) }),
  };
}

export function absoluteUrl(base: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${base}/`).toString();
}

/** JSON inside <script> must not be able to close the element. */
export function jsonLdScript(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Plain text cut for descriptions and shares: SPEC §7, 150 characters and '...'. */
export function truncate(text: string, max = 150): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}

interface PreviewSource {
  src: string;
  stored: { url: string; width: number; height: number; widths: number[] } | null;
}

/**
 * The image link previews show: a stored image's JPEG share copy, with its size, or that of this
 * site's copy of an image given by URL (docs/decisions/087); any other address as it is.
 */
export function previewImage(image: PreviewSource | null, alt: string): PageMeta['image'] {
  if (!image) return undefined;
  if (image.stored) return { ...shareImage(image.stored), type: SHARE_TYPE, alt };
  const remote = remoteDrawnUrl(image.src);
  return remote ? { url: remote, type: SHARE_TYPE, alt } : { url: image.src, alt };
}
