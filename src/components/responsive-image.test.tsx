import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image.tsx';

const stored = { url: '/images/abc123', width: 1477, height: 2400, widths: [320, 640, 960, 1280, 1477], placeholder: '#aa3322' };

describe('ResponsiveImage', () => {
  it('renders a stored image as <picture> with AVIF and WebP srcsets, dimensions, lazy loading and a placeholder', () => {
    const html = renderToStaticMarkup(<ResponsiveImage src={stored.url} image={stored} alt="Sports day" sizes="100vw" />);
    expect(html).toMatch(
      /^<picture><source type="image\/avif" srcSet="\/images\/abc123\/320.avif 320w, .*\/images\/abc123\/1477.avif 1477w" sizes="100vw"\/>/,
    );
    expect(html).toContain('<source type="image/webp" srcSet="/images/abc123/320.webp 320w, /images/abc123/640.webp 640w');
    expect(html).toContain('src="/images/abc123/960.webp"');
    expect(html).toContain('width="1477" height="2400"');
    expect(html).toContain('alt="Sports day"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('background-color:#aa3322');
  });

  it('loads an image above the fold at once, with high priority', () => {
    const html = renderToStaticMarkup(<ResponsiveImage src={stored.url} image={stored} alt="" sizes="100vw" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('renders an external http(s) image as a plain <img> without referrer, and nothing unsafe', () => {
    const html = renderToStaticMarkup(<ResponsiveImage src="https://example.org/a.jpg" alt="A" sizes="100vw" />);
    expect(html).toBe('<img src="https://example.org/a.jpg" alt="A" loading="lazy" decoding="async" referrerPolicy="no-referrer"/>');
    expect(renderToStaticMarkup(<ResponsiveImage src="javascript:alert(1)" alt="" sizes="100vw" />)).toBe('');
  });
});
