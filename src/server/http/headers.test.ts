import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, isFresh, securityHeaders } from './headers.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('content security policy', () => {
  it('hashes inline scripts but not external scripts or JSON-LD', () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{"@type":"Event"}</script><SCRIPT>a()</SCRIPT>`;
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('a()'), sha('b()')]);
  });

  it('hashes a script from its UTF-8 bytes wherever other characters come before it', () => {
    // Letters of two and four bytes before and inside the scripts: the offsets found must be the bytes'.
    const html = `<p>Café 🎉 “quotes”</p><script>say("é🎉")</script><p>ß</p><script type="module">b()</script>`;
    const page = Buffer.from(html);
    expect(inlineScriptHashes(new Uint8Array(page.buffer, page.byteOffset, page.byteLength))).toEqual([sha('say("é🎉")'), sha('b()')]);
  });

  it('lets public pages run only hashed inline scripts and frame only the given booking origins', () => {
    const policy = contentSecurityPolicy('/events', {
      scriptHashes: [sha('a()')],
      frameSources: [
        'https://tickets.example.org/a?b=1',
        'https://tickets.example.org/c',
        'http://book.example:8080/x',
        'javascript:alert(1)',
        "https://x.example/'; script-src *",
      ],
    });
    expect(policy).toContain(`script-src 'self' '${sha('a()')}';`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toMatch(/frame-src https:\/\/tickets\.example\.org http:\/\/book\.example:8080 https:\/\/x\.example$/);
    expect(contentSecurityPolicy('/gallery')).toMatch(/frame-src 'none'$/);
    // The admin app too: no inline script runs there without its hash.
    expect(contentSecurityPolicy('/admin/news', { scriptHashes: [sha('a()')], frameSources: [] })).toContain(
      `script-src 'self' '${sha('a()')}';`,
    );
  });
});

describe('conditional requests', () => {
  it('answers 304 for a weak or strong match, a list or *', () => {
    const etag = 'W/"abc"';
    expect(isFresh('W/"abc"', etag)).toBe(true);
    expect(isFresh('"x", "abc"', etag)).toBe(true);
    expect(isFresh('*', etag)).toBe(true);
    expect(isFresh('"other"', etag)).toBe(false);
    expect(isFresh(undefined, etag)).toBe(false);
  });
});

describe('opener policy', () => {
  it('keeps the admin from any window that opened it, and leaves public pages and files without an opener policy', () => {
    for (const path of ['/admin', '/admin/news', '/api/admin/me', '/api/admin/login', '/api/objects/upload', '/api/news-images']) {
      expect(securityHeaders(false, path)['Cross-Origin-Opener-Policy'], path).toBe('same-origin');
    }
    for (const path of ['/', '/events', '/news/abc', '/gallery', '/rss.xml', '/api/news', '/no-such-page']) {
      expect(securityHeaders(false, path), path).not.toHaveProperty('Cross-Origin-Opener-Policy');
    }
    expect(securityHeaders(false, '/_astro/client.js', { staticFile: true })).not.toHaveProperty('Cross-Origin-Opener-Policy');
  });
});
