import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text.tsx';

const html = (text: string) => renderToStaticMarkup(<LinkifiedText text={text} />);

describe('LinkifiedText', () => {
  it('links web addresses written in full and e-mail addresses', () => {
    const url = 'https://forms.oakfield-primary.example.org/parents/clubs/dads/2026/christmas-fair-volunteer-signup';
    expect(html(`Sign up: ${url}.`)).toBe(
      `Sign up: <a href="${url}" class="text-accent underline" target="_blank" rel="noopener noreferrer nofollow">${url}</a>.`,
    );
    expect(html('Write to dads@oakfield.example today')).toBe(
      'Write to <a href="mailto:dads@oakfield.example" class="text-accent underline">dads@oakfield.example</a> today',
    );
    expect(html('http://a.example/x?y=1&z=2')).toContain('href="http://a.example/x?y=1&amp;z=2"');
  });

  it('links nothing else: other schemes, protocol-relative and schemeless addresses stay text', () => {
    for (const text of [
      'javascript:alert(1)',
      'ftp://files.example.org/a',
      '//evil.example/x',
      'www.example.org',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox',
    ]) {
      expect(html(text), text).not.toContain('<a');
    }
    expect(html('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
