import { decodeHTMLAttribute, escapeAttribute } from 'entities';

// Cleaned HTML has one shape: every `<` opens a tag the rules allow, attribute values are
// double-quoted with `&`, `<`, `>` and `"` escaped. So patterns can find its images and
// embeds exactly, and showing it needs no second parse.
const EMBED = /<iframe\b[^>]*\ssrc="([^"]*)"[^>]*><\/iframe>/g;
const IMAGE = /<img\b([^>]*?)\s*\/?>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/**
 * Cleaned news HTML as a public page shows it: images load lazily, send no referrer and come
 * through `imageSrc` (this site's copy of an external image) or `pictureSrc` (a picture kept in the
 * text), and a video embed becomes a link
 * to the video, so no third party is contacted until a visitor asks. It takes content cleaned
 * by sanitizeNewsContent (src/core/news/sanitize-content.ts; what the news service hands out is).
 */
export function newsContentForDisplay(
  clean: string,
  imageSrc: (url: string) => string = (url) => url,
  /** Where a picture kept in the text (a data: address) is loaded from: a file of its own (docs/decisions/083). */
  pictureSrc: (address: string) => string = (address) => address,
): string {
  return clean
    .replace(EMBED, (_match, src: string) => {
      const watch = escapeAttribute(watchUrl(decodeHTMLAttribute(src)));
      return `<p><a href="${watch}" target="_blank" rel="noopener noreferrer">Watch the video</a></p>`;
    })
    .replace(IMAGE, (_match, attributes: string) => {
      const found = new Map([...attributes.matchAll(ATTRIBUTE)].map((pair) => [pair[1]!, pair[2]!]));
      const src = decodeHTMLAttribute(found.get('src') ?? '');
      const shown = /^https?:/i.test(src) ? imageSrc(src) : /^data:/i.test(src) ? pictureSrc(src) : src;
      const size = ['width', 'height'].flatMap((name) => (found.has(name) ? [`${name}="${found.get(name)}"`] : []));
      return [
        `<img src="${escapeAttribute(shown)}" alt="${found.get('alt') ?? ''}"`,
        ...size,
        'loading="lazy" decoding="async" referrerpolicy="no-referrer" />',
      ].join(' ');
    });
}

/** The video's own page for an embed address (YouTube or Vimeo). */
function watchUrl(embed: string): string {
  const youtube = /^https:\/\/www\.youtube\.com\/embed\/([A-Za-z0-9_-]+)/.exec(embed);
  if (youtube) return `https://www.youtube.com/watch?v=${youtube[1]}`;
  const vimeo = /^https:\/\/player\.vimeo\.com\/video\/(\d+)/.exec(embed);
  if (vimeo) return `https://vimeo.com/${vimeo[1]}`;
  return embed;
}
