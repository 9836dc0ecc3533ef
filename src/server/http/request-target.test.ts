import { describe, expect, it } from 'vitest';
import { isHostHeader, isTidyTarget, judgeTarget } from './request-target.ts';

describe('judgeTarget', () => {
  it('leaves an address in its one form as it is', () => {
    for (const target of ['/', '/news', '/news?page=2', '/news/abc', '/api/admin/news?x=//y', '/%2F%2Fnews', '/news/..', undefined]) {
      expect(judgeTarget(target), String(target)).toEqual({ kind: 'as-is' });
      expect(isTidyTarget(target)).toBe(true);
    }
  });

  it('sends doubled slashes, back slashes and a trailing slash to the one address, keeping the query', () => {
    const moved = (target: string) => judgeTarget(target);
    expect(moved('//news')).toEqual({ kind: 'moved', target: '/news' });
    expect(moved('//rss.xml')).toEqual({ kind: 'moved', target: '/rss.xml' });
    expect(moved('///evil.example/')).toEqual({ kind: 'moved', target: '/evil.example' });
    expect(moved('/\\evil.example')).toEqual({ kind: 'moved', target: '/evil.example' });
    expect(moved('/\\/\\news')).toEqual({ kind: 'moved', target: '/news' });
    expect(moved('/news/')).toEqual({ kind: 'moved', target: '/news' });
    expect(moved('/news//abc?page=2&next=//x')).toEqual({ kind: 'moved', target: '/news/abc?page=2&next=//x' });
    expect(moved('//')).toEqual({ kind: 'moved', target: '/' });
    expect(moved('//?x=1')).toEqual({ kind: 'moved', target: '/?x=1' });
    expect(isTidyTarget('//news')).toBe(false);
  });

  it('never sends a client to another host: every address it gives starts with one slash', () => {
    for (const target of ['//evil.example', '/\\evil.example', '\\\\evil.example', '/\\\\evil.example/x', 'http://a//evil.example/']) {
      const verdict = judgeTarget(target);
      if (verdict.kind === 'moved' || verdict.kind === 'read-as') expect(verdict.target, target).toMatch(/^\/(?![/\\])/);
    }
  });

  it('reads an absolute-form target as its path and query, and refuses what names no path', () => {
    expect(judgeTarget('http://evil.example/events?page=2')).toEqual({ kind: 'read-as', target: '/events?page=2' });
    expect(judgeTarget('HTTPS://club.example/')).toEqual({ kind: 'read-as', target: '/' });
    expect(judgeTarget('http://x//news/')).toEqual({ kind: 'moved', target: '/news' });
    for (const target of ['*', 'news', 'ftp://x/news', 'http://', 'javascript:alert(1)', '\\\\evil.example']) {
      expect(judgeTarget(target), target).toEqual({ kind: 'unreadable' });
    }
  });
});

describe('isHostHeader', () => {
  it('takes a name, an IPv4 or IPv6 address, with or without a port', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'club.example.org',
      'Club.Example.org.',
      '127.0.0.1:80',
      '[::1]',
      '[::1]:3000',
      'my_box',
      'xn--bcher-kva.example',
    ])
      expect(isHostHeader(host), host).toBe(true);
  });

  it('refuses anything that would move the path or not parse', () => {
    for (const host of [
      '',
      ' ',
      'a b',
      'x/news',
      'x?y',
      'x#y',
      'user@evil.example',
      'localhost:99999',
      '[::1',
      '::1',
      'x\\y',
      'ex%41mple',
      'a:b:c',
      'é.example',
    ])
      expect(isHostHeader(host), host).toBe(false);
  });
});
