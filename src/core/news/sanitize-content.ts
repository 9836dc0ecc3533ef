import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';
import { CLEANING_RULES_VERSION } from './cleaning-rules-version.ts';

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
const VIDEO_EMBED = /^https:\/\/(www\.youtube\.com\/embed\/[A-Za-z0-9_-]{6,20}|player\.vimeo\.com\/video\/\d{1,12})(\?[A-Za-z0-9=&_.-]*)?$/;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ol',
    'ul',
    'li',
    'span',
    'img',
    'iframe',
    'blockquote',
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

/** Cleans news HTML. It runs when news is written, never on a view of clean content. */
export function sanitizeNewsContent(html: string): string {
  return sanitizeHtml(html, options);
}

/** What is stored for news HTML: the cleaned HTML, its text and the rules' version. */
export function cleanNewsContent(html: string): { content: string; contentText: string; cleanedWith: number } {
  const content = sanitizeNewsContent(html);
  return { content, contentText: newsContentText(content), cleanedWith: CLEANING_RULES_VERSION };
}

/** The text of news HTML, for previews, feeds and share descriptions. */
export function newsContentText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, ' $&');
  // One pass over every entity HTML names: decoding `&amp;` before `&lt;` (or the reverse)
  // would turn the text "&lt;" into "<".
  return decodeHTML(sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
}
