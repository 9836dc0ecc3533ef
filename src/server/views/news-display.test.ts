import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { sanitizeNewsContent } from '../../core/news/sanitize-content.ts';
import { newsContentForDisplay } from './news-display.ts';

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
