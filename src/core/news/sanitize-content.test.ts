import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import {
  cleanNewsContent,
  CLEANING_RULES_VERSION,
  newsContentForDisplay,
  newsContentText,
  sanitizeNewsContent,
} from './sanitize-content.ts';

describe('sanitizeNewsContent', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<h2>Title</h2><p class="ql-align-center"><strong>b</strong> <em>i</em> <u>u</u> <span class="ql-font-serif">s</span></p>' +
      '<ol><li data-list="bullet" class="ql-indent-1">one</li><li data-list="ordered">two</li></ol>' +
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0"></iframe>';
    expect(sanitizeNewsContent(html)).toBe(html);
  });

  it('adds rel="noopener noreferrer" to links and keeps only http, https, mailto and tel', () => {
    expect(sanitizeNewsContent('<a href="https://x.org">x</a>')).toBe(
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeNewsContent('<a href="tel:+441234">t</a>')).toContain('href="tel:+441234"');
    expect(sanitizeNewsContent('<a href="mailto:a@b.org">m</a>')).toContain('href="mailto:a@b.org"');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.org'])
      expect(sanitizeNewsContent(`<a href="${bad}">x</a>`), bad).not.toContain('href');
  });

  it('removes scripts, event handlers, styles and foreign frames', () => {
    const out = sanitizeNewsContent(
      '<p onclick="x()" style="background:url(javascript:x)">a</p><script>alert(1)</script><style>p{}</style>' +
        '<img src="x" onerror="alert(1)"><svg onload="x"></svg><iframe src="https://evil.org/embed/x"></iframe>' +
        '<iframe src="javascript:alert(1)"></iframe><object data="x"></object>',
    );
    expect(out).toBe('<p>a</p>');
  });

  it('keeps http and data images of image types only', () => {
    expect(sanitizeNewsContent('<img src="https://x.org/a.png">')).toBe('<img src="https://x.org/a.png" />');
    expect(sanitizeNewsContent('<img src="data:image/png;base64,iVBORw0KGgo=">')).toContain('data:image/png');
    expect(sanitizeNewsContent('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeNewsContent('<img src="data:text/html;base64,PHN2Zz4=">')).toBe('');
  });
});

describe('newsContentText', () => {
  it('returns the plain text', () => {
    expect(newsContentText('<p>Fish &amp; chips</p><p>on   Friday</p>')).toBe('Fish & chips on Friday');
  });

  it('decodes every entity once, named and numeric', () => {
    expect(newsContentText('<p>It&#8217;s&nbsp;&hellip; caf&eacute; &rsquo;&#x2019; &mdash;&euro;</p>')).toBe('It’s … café ’’ —€');
    // The text "&lt;b&gt;" stays that text: each entity is decoded once.
    expect(newsContentText('<p>Write &amp;lt;b&amp;gt; for bold &amp;amp; &lt;i&gt;</p>')).toBe('Write &lt;b&gt; for bold &amp; <i>');
  });
});

describe('newsContentForDisplay', () => {
  it('turns video embeds into links and makes images lazy and referrer-free', async () => {
    const html = newsContentForDisplay(
      '<p>Hi</p><iframe class="ql-video" src="https://www.youtube.com/embed/abcdefgh"></iframe><img src="https://cdn.example/a.png">',
    );
    expect(html).not.toContain('<iframe');
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=abcdefgh" target="_blank" rel="noopener noreferrer">Watch the video</a>',
    );
    expect(html).toContain('src="https://cdn.example/a.png"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('referrerpolicy="no-referrer"');
  });
});

describe('newsContentForDisplay with this site’s copies of external images', () => {
  it('points external images at the copy and keeps them', async () => {
    const html = newsContentForDisplay('<img src="https://cdn.example/a.png">', (url) => `/images/remote/abc?u=${encodeURIComponent(url)}`);
    expect(html).toContain('src="/images/remote/abc?u=https%3A%2F%2Fcdn.example%2Fa.png"');
  });
});

describe('cleanNewsContent', () => {
  it('gives what is stored: the cleaned HTML, its text and the rules version', () => {
    expect(cleanNewsContent('<p onclick="x()">Fish &amp; <b>chips</b></p><script>x()</script>')).toEqual({
      content: '<p>Fish &amp; <b>chips</b></p>',
      contentText: 'Fish & chips',
      cleanedWith: CLEANING_RULES_VERSION,
    });
  });
});

describe('newsContentForDisplay on cleaned content (no second parse)', () => {
  const hostile = [
    '<img src="https://x.org/a.png?a=1>2&b=3" alt=\'x">y<z\' width="5" onerror="x()">',
    '<p title="a>b">x &lt;img src=x onerror=y&gt; <img src=data:image/png;base64,AAAA></p>',
    '<p>&lt;iframe src="https://www.youtube.com/embed/abcdefgh"&gt;&lt;/iframe&gt;</p>',
    '<img src="javascript:alert(1)"><img src="https://x.org/b.png" alt="<script>alert(1)</script>">',
    '<iframe class="ql-video" src="https://www.youtube.com/embed/abcdefgh?x=1&y=&quot;2"></iframe>',
    '<a href="https://x.org/?q=&quot;><script>x()</script>">link</a>',
  ];

  it("adds nothing a visitor's browser could run, whatever was written", () => {
    for (const input of hostile) {
      const shown = newsContentForDisplay(sanitizeNewsContent(input), (url) => `/images/remote/k?u=${encodeURIComponent(url)}`);
      expect(shown, input).not.toMatch(/<script|<iframe|<[^>]*\son\w+=|="javascript:/i);
      // What is shown is itself clean under the display rules: a second parse changes nothing.
      expect(sanitizeHtmlForCheck(shown), input).toBe(shown);
    }
  });

  it('keeps escaped text as text and escapes the rewritten image address', () => {
    const shown = newsContentForDisplay(sanitizeNewsContent(hostile[0]!), (url) => `/images/remote/k?u=${encodeURIComponent(url)}&v="1"`);
    expect(shown).toBe(
      '<img src="/images/remote/k?u=https%3A%2F%2Fx.org%2Fa.png%3Fa%3D1%3E2%26b%3D3&amp;v=&quot;1&quot;" alt="x&quot;&gt;y&lt;z" width="5" loading="lazy" decoding="async" referrerpolicy="no-referrer" />',
    );
    expect(newsContentForDisplay(sanitizeNewsContent(hostile[2]!))).toBe(sanitizeNewsContent(hostile[2]!));
  });
});

function sanitizeHtmlForCheck(html: string): string {
  return sanitizeHtml(html, {
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
      'blockquote',
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'referrerpolicy'],
      li: ['data-list'],
      '*': ['class'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    selfClosing: ['img', 'br'],
  });
}
