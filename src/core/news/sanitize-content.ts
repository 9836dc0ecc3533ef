import sanitizeHtml from 'sanitize-html';

// The allow-list mirrors what the news editor (Quill 2 with the spec's toolbar) produces.
// Anything else — scripts, event handlers, style attributes, other URL schemes — is dropped.

const classes = [
  'ql-font-serif',
  'ql-font-monospace',
  'ql-size-small',
  'ql-size-large',
  'ql-size-huge',
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  ...Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`),
];

const DATA_IMAGE = /^data:image\/(png|gif|jpeg|bmp|x-icon|webp);base64,[A-Za-z0-9+/=\s]+$/i;
const VIDEO_EMBED =
  /^https:\/\/(www\.youtube\.com\/embed\/[A-Za-z0-9_-]{6,20}|player\.vimeo\.com\/video\/\d{1,12})(\?[A-Za-z0-9=&_.-]*)?$/;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's',
    'a', 'ol', 'ul', 'li', 'span', 'img', 'iframe', 'blockquote',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'class', 'frameborder', 'allowfullscreen'],
    li: ['data-list'],
    '*': ['class'],
  },
  allowedClasses: { '*': classes, iframe: ['ql-video'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'player.vimeo.com'],
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') {
      const src = frame.attribs.src ?? '';
      return !(src.startsWith('data:') ? DATA_IMAGE.test(src) : /^https?:\/\//i.test(src));
    }
    if (frame.tag === 'iframe') return !VIDEO_EMBED.test(frame.attribs.src ?? '');
    return false;
  },
};

/** Cleans news HTML on write and again before it is rendered. */
export function sanitizeNewsContent(html: string): string {
  return sanitizeHtml(html, options);
}

/** The text of news HTML, for previews, feeds and share descriptions. */
export function newsContentText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, ' $&');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Stored news HTML as a public page shows it: images load lazily, send no referrer and come
 * through `imageSrc` (this site's copy of an external image), and a video embed becomes a link
 * to the video, so no third party is contacted until a visitor asks. It takes content already
 * cleaned by sanitizeNewsContent (a NewsItem's content is) and cleans it once more on the way.
 */
export function newsContentForDisplay(html: string, imageSrc: (url: string) => string = (url) => url): string {
  // Cleaned content has one known shape for embeds, so a pattern can replace them.
  const withoutEmbeds = html.replace(
    /<iframe[^>]*\ssrc="([^"]+)"[^>]*><\/iframe>/g,
    (_match, src: string) => `<p><a href="${watchUrl(src.replace(/&amp;/g, '&'))}">Watch the video</a></p>`,
  );
  return sanitizeHtml(withoutEmbeds, {
    ...options,
    allowedAttributes: { ...options.allowedAttributes, img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'referrerpolicy'] },
    transformTags: {
      ...options.transformTags,
      img: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...attribs,
          src: /^https?:/i.test(attribs.src ?? '') ? imageSrc(attribs.src!) : (attribs.src ?? ''),
          alt: attribs.alt ?? '',
          loading: 'lazy',
          decoding: 'async',
          referrerpolicy: 'no-referrer',
        },
      }),
    },
    // This site's copies of external images are relative paths; the first pass has vetted them.
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && (frame.attribs.src ?? '').startsWith('/images/') ? false : options.exclusiveFilter!(frame),
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
