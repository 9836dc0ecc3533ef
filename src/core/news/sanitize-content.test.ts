import { describe, expect, it } from 'vitest';
import { CLEANING_RULES_VERSION } from './cleaning-rules-version.ts';
import { cleanNewsContent, newsContentText, sanitizeNewsContent } from './sanitize-content.ts';

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

describe('cleanNewsContent', () => {
  it('gives what is stored: the cleaned HTML, its text and the rules version', () => {
    expect(cleanNewsContent('<p onclick="x()">Fish &amp; <b>chips</b></p><script>x()</script>')).toEqual({
      content: '<p>Fish &amp; <b>chips</b></p>',
      contentText: 'Fish & chips',
      cleanedWith: CLEANING_RULES_VERSION,
    });
  });
});
