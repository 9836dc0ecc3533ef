import type { StoredImage } from '../core/images/images.service.ts';
import { isSiteImagePath, nearestWidth, variantUrl, type ImageFormat } from '../core/images/image-urls.ts';

interface ResponsiveImageProps {
  /** An image of this site: /images/{id}, or this site's copy of an external image (/images/remote/…). */
  src: string;
  /** Metadata of a stored image; absent for external URLs. */
  image?: StoredImage | null | undefined;
  alt: string;
  /** The rendered width at each breakpoint, e.g. "(min-width: 768px) 50vw, 100vw". */
  sizes: string;
  /** Above the fold: load at once, with high priority. Otherwise lazy. */
  priority?: boolean;
  /** Fetched at once though not shown (yet): the photos either side of the one open in the lightbox. */
  ahead?: boolean;
  className?: string;
}

const isShowable = (url: string) => isSiteImagePath(url) || /^https?:\/\//i.test(url);

/**
 * A stored image as <picture> with AVIF and WebP sources at every stored width, explicit
 * dimensions (no layout shift) and its dominant colour until it loads. Copies of external images
 * render as a plain <img> that sends no referrer; anything else renders nothing.
 */
export function ResponsiveImage({ src, image, alt, sizes, priority = false, ahead = false, className }: ResponsiveImageProps) {
  const loading = priority || ahead ? 'eager' : 'lazy';
  if (!image) {
    if (!isShowable(src)) return null;
    return <img src={src} alt={alt} loading={loading} decoding="async" referrerPolicy="no-referrer" className={className} />;
  }
  const srcSet = (format: ImageFormat) => image.widths.map((w) => `${variantUrl(image.url, w, format)} ${w}w`).join(', ');
  const fallback = nearestWidth(image.widths, 960);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={fallback ? variantUrl(image.url, fallback) : image.url}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        style={{ backgroundColor: image.placeholder }}
        className={className}
      />
    </picture>
  );
}
